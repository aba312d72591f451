import { describe, expect, it } from '@jest/globals';
import { TICKET_STATUSES } from '@cropvest/contracts/support/ticket-rules';
import { chatScriptSrc, openChatWidget } from '../src/screens/support/live-chat.ts';
import { TICKET_STATUS_WORDS } from '@cropvest/web-kit/words/tickets';
import { WORDS_MESSAGES } from '@cropvest/web-kit/words/messages/catalogue';
import { statusVariant, supportTab } from '../src/shared/support/rules.tsx';

describe('support tabs', () => {
  it('reads the four tabs from the address and falls back to Get Help', () => {
    for (const tab of ['help', 'faq', 'contact', 'tickets']) expect(supportTab(tab)).toBe(tab);
    expect(supportTab('')).toBe('help');
    expect(supportTab('kyc')).toBe('help');
  });
});

describe('ticket status badges (spec section 4)', () => {
  it('labels upper case with a space and picks the spec variants', () => {
    expect(TICKET_STATUSES.map((status) => WORDS_MESSAGES.en[TICKET_STATUS_WORDS[status]])).toEqual([
      'OPEN',
      'IN PROGRESS',
      'RESOLVED',
      'CLOSED',
    ]);
    expect(TICKET_STATUSES.map(statusVariant)).toEqual(['secondary', 'outline', 'default', 'default']);
  });
});

describe('live chat', () => {
  it('is off without a script address and puts the key into {key}', () => {
    expect(chatScriptSrc({ liveChatScriptUrl: '', liveChatKey: 'abc' })).toBeNull();
    expect(
      chatScriptSrc({ liveChatScriptUrl: 'https://embed.tawk.to/{key}/default', liveChatKey: '64ab/1h2' }),
    ).toBe('https://embed.tawk.to/64ab%2F1h2/default');
    expect(chatScriptSrc({ liveChatScriptUrl: 'https://client.crisp.chat/l.js', liveChatKey: 'k' })).toBe(
      'https://client.crisp.chat/l.js',
    );
  });

  it("opens a known provider's window and answers false when none is there", () => {
    const calls: unknown[] = [];
    expect(openChatWidget({})).toBe(false);
    expect(openChatWidget({ Tawk_API: { maximize: () => calls.push('tawk') } })).toBe(true);
    expect(openChatWidget({ $crisp: { push: (command) => calls.push(command) } })).toBe(true);
    expect(openChatWidget({ Intercom: (command) => calls.push(command) })).toBe(true);
    expect(calls).toEqual(['tawk', ['do', 'chat:open'], 'show']);
  });
});
