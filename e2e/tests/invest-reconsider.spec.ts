// An investor's right to reconsider (issue 25, decisions 0092 and 0094), through the browser at both widths: they
// read the plan's key information sheet from Browse Plans, answer the suitability questions the first investment
// asks, see the loss warning for an amount above 5 % of their net worth and acknowledge it with the sheet, invest,
// read until when they can cancel, cancel on My Investments and get the principal back in the balance and the slots
// back in the plan; the investor profile shows the loss capacity. Axe on every dialog step and on My Investments.
import { plansOperations } from '@cropvest/contracts/plans/api';
import {
  test,
  expect,
  client,
  createPlan,
  fundedVerifiedInvestor,
  settled,
  startSignedIn,
} from '../support/fixtures.ts';
import { answerTo } from '../support/calls.ts';
import { noSidewaysScroll, axeViolations, WIDTHS } from '../support/a11y.ts';
import { acknowledgeKeyInformation, answerQuestionnaire } from '../support/invest-dialog.ts';

for (const viewport of WIDTHS) {
  test(`${viewport.name}: read, answer, acknowledge the warning, invest, cancel within four days`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const investor = await fundedVerifiedInvestor('1000', { answerSuitability: false });
    const plan = await createPlan(`Reconsidered sorghum ${viewport.name} ${Date.now()}`);
    // The KYC approval reaches the plans service as an event: until then a purchase is refused with 403; then
    // asking for more slots than the plan has is refused with 400 (the spec's rules come before the questions).
    await expect
      .poll(
        async () =>
          (
            await client().call(plansOperations.invest, {
              token: investor.accessToken,
              body: { planId: plan.id, slotsPurchased: 101 },
            })
          ).status,
        { timeout: 20_000 },
      )
      .toBe(400);

    await startSignedIn(page, investor);
    const balance = page.getByTestId('sidebar-balance');
    await page.goto('/investor/invest');
    const card = page.getByRole('article', { name: plan.title });
    await expect(card.getByText('No harvest proceeds recorded yet')).toBeVisible();

    // The card's Key information link opens the plan page at its sheet.
    await card.getByRole('link', { name: 'Key information' }).click();
    await expect(page).toHaveURL(new RegExp(`/investor/plans/${plan.id}#key-information$`));
    await expect(page.getByRole('region', { name: 'Key information' })).toBeVisible();
    await page.goBack();

    await card.getByRole('button', { name: 'Invest Now' }).click();
    const questions = page.getByRole('dialog', { name: 'A few questions before your first investment' });
    await expect(questions).toBeVisible();
    // Nothing answered: each question says so.
    await questions.getByRole('button', { name: 'Continue to the investment' }).click();
    await expect(questions.getByText('Choose one of the answers')).toHaveCount(2);
    await expect(questions.getByText('Give your net worth or your yearly income')).toBeVisible();
    await questions.getByLabel('Net worth (USDT)').fill('4000');
    await expect(questions.getByTestId('estimated-loss-capacity')).toHaveText(
      'By these answers you can bear a loss of about 400.00 USDT.',
    );
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    if (viewport.name === 'phone') await noSidewaysScroll(page);
    await answerQuestionnaire(page, plan.title, {
      experience: /^None/,
      purpose: /^Saving/,
      netWorth: '4000',
    });

    // 3 slots = 300 USDT, above 5 % of a 4,000 net worth (200): the warning, to be acknowledged with the sheet.
    const dialog = page.getByRole('dialog', { name: `Invest in ${plan.title}` });
    await dialog.getByLabel('Number of slots').fill('3');
    await expect(dialog.getByTestId('invest-cost')).toHaveText('300.00 USDT');
    await expect(dialog.getByTestId('loss-warning')).toHaveText(
      'This investment of 300.00 USDT is more than 5 % of your net worth (200.00 USDT), by your own answers. You could lose all of it.',
    );
    const cancellableUntil = dialog.getByTestId('invest-cancellable-until');
    await expect(cancellableUntil).toContainText(
      /until \w{3} \d{1,2}, \d{4}, 12:00 AM UTC \(the end of the fourth/,
    );
    const confirm = dialog.getByRole('button', { name: 'Confirm Investment' });
    await confirm.click();
    await expect(dialog.getByText('Confirm that you read the key information sheet')).toBeVisible();
    await expect(dialog.getByText('Confirm that you understand the warning')).toBeVisible();
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);

    if (viewport.name === 'desktop') {
      // The dialog's link opens the sheet in a new tab, where it can be read without losing the dialog.
      const [sheet] = await Promise.all([
        page.waitForEvent('popup'),
        dialog.getByRole('link', { name: /Read the key information sheet \(version 1/ }).click(),
      ]);
      await expect(sheet.getByRole('region', { name: 'Key information' })).toBeVisible();
      await sheet.close();
    }
    await acknowledgeKeyInformation(dialog);
    await dialog.getByRole('checkbox', { name: /I understand I could lose all of this investment/ }).check();
    const bought = page.waitForResponse(answerTo(plansOperations.invest));
    await confirm.click();
    const investment = (await (await bought).json()) as {
      cancellableUntil: string;
      keyInformationVersion: number;
    };
    expect(investment.keyInformationVersion).toBe(1);
    await expect(page.getByText('Investment Successful', { exact: true })).toBeVisible();
    await expect(balance).toHaveText('700.00 USDT');
    await expect(card.getByText('97 of 100', { exact: true })).toBeVisible();

    // My Investments: until when, and the Cancel button; the confirmation names the principal returned in full.
    await page.goto('/investor/investments');
    const row = page
      .getByRole('region', { name: 'Growing Crops' })
      .getByRole('listitem')
      .filter({ hasText: plan.title });
    await expect(row.getByText(/^Cancellable until/)).toContainText(
      new Intl.DateTimeFormat('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'UTC',
        timeZoneName: 'short',
      }).format(new Date(investment.cancellableUntil)),
    );
    await expect(row.getByTestId('coverage-none')).toBeVisible();
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    if (viewport.name === 'phone') await noSidewaysScroll(page);

    await row.getByRole('button', { name: `Cancel investment in ${plan.title}` }).click();
    const ask = page.getByRole('alertdialog', { name: `Cancel your investment in ${plan.title}?` });
    await expect(ask).toContainText(
      'Your principal of 300.00 USDT comes back to your available balance in full, without interest, and your 3 slots go back to the plan.',
    );
    expect(await axeViolations(page)).toEqual([]);
    await ask.getByRole('button', { name: 'Cancel Investment' }).click();
    await expect(page.getByText('Investment Cancelled', { exact: true })).toBeVisible();
    const cancelled = page
      .getByRole('region', { name: 'Cancelled' })
      .getByRole('listitem')
      .filter({ hasText: plan.title });
    await expect(cancelled.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(cancelled.getByText('300.00 USDT', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Growing Crops' })).toContainText(
      'Nothing growing right now',
    );
    // The wallet moves the principal back when the cancellation reaches it; the balance follows without a reload.
    await expect(balance).toHaveText('1,000.00 USDT', { timeout: 20_000 });
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/investor/invest');
    await expect(
      page.getByRole('article', { name: plan.title }).getByText('100 of 100', { exact: true }),
    ).toBeVisible();

    // The investor profile shows the answers and the loss capacity they give.
    await page.goto('/investor/profile?tab=investor-profile');
    await expect(page.getByTestId('loss-capacity')).toHaveText('400.00 USDT');
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    if (viewport.name === 'desktop') {
      // Updating the answers saves a new version, which gives the new capacity.
      await page.getByRole('button', { name: 'Update Answers' }).click();
      await page.getByLabel('Net worth (USDT)').fill('10000');
      await page.getByRole('button', { name: 'Save Answers' }).click();
      await expect(page.getByText('Answers Saved', { exact: true })).toBeVisible();
      await expect(page.getByTestId('loss-capacity')).toHaveText('1,000.00 USDT');
      await expect(page.getByText(/\(version 2\)/)).toBeVisible();
    }
  });
}
