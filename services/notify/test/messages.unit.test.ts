import { describe, expect, it } from '@jest/globals';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@cropvest/contracts';
import * as texts from '../src/domain/messages.ts';
import { notificationMail, passwordResetMail } from '../src/domain/mails.ts';

describe('notification texts', () => {
  it('shows amounts with two decimals, rounded half-even', () => {
    expect(texts.usdt('12.345')).toBe('12.34 USDT');
    expect(texts.usdt('12.355')).toBe('12.36 USDT');
    expect(texts.usdt('1000.00000000')).toBe('1000.00 USDT');
  });
  it('leaves out an empty reason and an empty transaction id', () => {
    expect(texts.depositRejected({ amount: '5', rejectionReason: '  ' }).message).toBe(
      'Your deposit of 5.00 USDT was rejected. Please contact support if you have questions.',
    );
    expect(texts.withdrawalApproved({ amount: '5', txid: null }).message).toBe(
      'Your withdrawal of 5.00 USDT has been approved and sent.',
    );
  });
  it('says a deposit the chain verified was credited, and which amount when it differs from the claim', () => {
    expect(texts.depositApproved({ amount: '150', creditedBy: 'chain', network: 'BEP20' })).toMatchObject({
      title: 'Deposit credited',
      message: 'Your deposit of 150.00 USDT was verified on BEP-20 and added to your available balance.',
    });
    expect(
      texts.depositApproved({ amount: '149.5', creditedBy: 'chain', network: 'TRC20', claimedAmount: '150' })
        .message,
    ).toBe(
      'Your deposit of 149.50 USDT was verified on TRC-20 and added to your available balance. You entered 150.00 USDT; the transaction moved 149.50 USDT, which is what was credited.',
    );
  });
  it('labels ticket states as the spec does', () =>
    expect(texts.ticketStatusChanged({ subject: 's', to: 'in_progress' }).message).toBe(
      'Your ticket "s" is now IN PROGRESS.',
    ));
  it('shortens long texts on one line', () => expect(texts.excerpt('a\n\nb   c', 10)).toBe('a b c'));
  it('keeps a long answer within the notification limit', () => {
    const message = texts.ticketResponded({ subject: 'x'.repeat(300), response: 'y'.repeat(6000) }).message;
    expect(message.length).toBeLessThanOrEqual(2000);
  });
});

describe('mail opt-in', () => {
  const prefs = DEFAULT_NOTIFICATION_PREFERENCES;
  it("needs the platform switch and the user's email switch", () => {
    expect(texts.shouldMail(true, prefs, { mailFlag: null })).toBe(true);
    expect(texts.shouldMail(false, prefs, { mailFlag: null })).toBe(false);
    expect(texts.shouldMail(true, { ...prefs, email: false }, { mailFlag: 'deposits' })).toBe(false);
  });
  it("follows the kind's own switch", () => {
    expect(
      texts.shouldMail(
        true,
        { ...prefs, harvests: false },
        texts.harvestPaid({ principal: '1', interest: '1', shortfall: '0' }),
      ),
    ).toBe(false);
    expect(
      texts.shouldMail(true, { ...prefs, harvests: false }, texts.depositApproved({ amount: '1' })),
    ).toBe(true);
  });
});

describe('field report texts', () => {
  const prefs = DEFAULT_NOTIFICATION_PREFERENCES;
  const report = { planTitle: 'Winter Wheat', stage: 'flowering' as const, adverse: false };
  it('names the plan and the stage, mailed under the investment switch', () => {
    const text = texts.fieldReportPublished(report);
    expect(text.message).toContain('"Winter Wheat" (flowering)');
    expect(texts.shouldMail(true, { ...prefs, investment: false }, text)).toBe(false);
  });
  it('mails an adverse event whatever the preferences', () => {
    const text = texts.fieldReportPublished({ ...report, stage: 'adverse_event', adverse: true });
    expect(text.title).toBe('Adverse event reported: Winter Wheat');
    expect(texts.shouldMail(false, { ...prefs, email: false, investment: false }, text)).toBe(true);
  });
});

describe('password reset mail', () => {
  it("links to the front end's reset page with the token escaped", () => {
    const mail = passwordResetMail({
      name: 'Ada',
      token: 'a+b/c=',
      expiresAt: '2026-11-22T10:00:00Z',
      publicUrl: 'https://app.example/',
    });
    expect(mail.body).toContain('https://app.example/reset-password?token=a%2Bb%2Fc%3D');
  });
});

describe('investment texts', () => {
  it('explains a failed investment without doubling the full stop', () =>
    expect(texts.investmentFailed({ principal: '250', reason: 'Insufficient balance.' }).message).toBe(
      'Your investment of 250.00 USDT could not be completed: Insufficient balance. Nothing was taken from your balance and the slots were released.',
    ));
  it('names the plan of a confirmed investment', () =>
    expect(texts.investmentCreated({ principal: '100', planTitle: 'Winter Wheat' }).message).toBe(
      'Your investment of 100.00 USDT in Winter Wheat is active and earning daily interest until harvest.',
    ));
});

describe('notification mail', () => {
  it('keeps the subject on one line whatever the title holds', () =>
    expect(
      notificationMail({
        name: 'A',
        title: 'Hi\r\nBcc: all@example.com',
        message: 'm',
        publicUrl: 'https://x',
      }).subject,
    ).toBe('CropVest: Hi Bcc: all@example.com'));
});

describe('funded payout texts (decision 0091)', () => {
  const prefs = DEFAULT_NOTIFICATION_PREFERENCES;
  it('explains a settled payout: paid of due, and the realised loss, mailed whatever the preferences', () => {
    const text = texts.harvestPaid({
      principal: '1000.00000000',
      interest: '10.00000000',
      shortfall: '505.00000000',
    });
    expect(text.title).toBe('Harvest settled with a loss');
    expect(text.message).toContain('505.00 USDT of the 1010.00 USDT due');
    expect(text.message).toContain('The remaining 505.00 USDT is a realised loss');
    expect(texts.shouldMail(true, { ...prefs, harvests: false }, text)).toBe(true);
  });
  it('pays a covered funded payout with the usual text', () => {
    const text = texts.harvestPaid({ principal: '1', interest: '1', shortfall: '0.00000000' });
    expect(text.title).toBe('Harvest paid');
  });
  it('tells an investor the payout is under review, and when it was postponed to', () => {
    expect(texts.payoutUnderReview({ planTitle: 'Short Sorghum' }).title).toBe(
      'Payout under review: Short Sorghum',
    );
    expect(texts.payoutPostponed({ planTitle: 'Coffee', until: '2027-01-15' }).message).toContain(
      '2027-01-15',
    );
  });
});
