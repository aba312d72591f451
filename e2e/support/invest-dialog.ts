// The invest dialog as a person uses it (page object): the suitability questions asked before a first investment,
// the acknowledgement of the plan's key information sheet, and the loss warning (decisions 0092 and 0094).
import { expect, type Locator, type Page } from '@playwright/test';

/** The dialog's first step for an investor who never answered: the questions, then on to the purchase. */
export async function answerQuestionnaire(
  page: Page,
  planTitle: string,
  answers: { experience: RegExp; purpose: RegExp; netWorth?: string; yearlyIncome?: string },
): Promise<void> {
  const questions = page.getByRole('dialog', { name: 'A few questions before your first investment' });
  await expect(questions).toBeVisible();
  await questions
    .getByRole('group', { name: 'How much experience do you have with investing?' })
    .getByRole('radio', { name: answers.experience })
    .check();
  await questions
    .getByRole('group', { name: 'What is this money for?' })
    .getByRole('radio', { name: answers.purpose })
    .check();
  if (answers.netWorth) await questions.getByLabel('Net worth (USDT)').fill(answers.netWorth);
  if (answers.yearlyIncome)
    await questions.getByLabel('Yearly income after tax (USDT)').fill(answers.yearlyIncome);
  await questions.getByRole('button', { name: 'Continue to the investment' }).click();
  await expect(page.getByRole('dialog', { name: `Invest in ${planTitle}` })).toBeVisible();
}

/** Ticks "I have read and understood the key information sheet". */
export async function acknowledgeKeyInformation(dialog: Locator): Promise<void> {
  await dialog
    .getByRole('checkbox', { name: /I have read and understood the key information sheet/ })
    .check();
}
