// Identity's anti-phishing code operations (Profile & Settings, Security).
import { ownedBy } from '../api-operation.ts';
import { AntiPhishingCodeState, AntiPhishingCodeUpdate } from './anti-phishing.ts';

export const antiPhishingOperations = ownedBy('identity', {
  antiPhishingCode: {
    method: 'get',
    path: '/api/auth/anti-phishing-code',
    summary: 'Own anti-phishing code, the phrase every mail to the account carries (null when none is set)',
    tag: 'Auth',
    auth: 'user',
    response: AntiPhishingCodeState,
  },
  updateAntiPhishingCode: {
    method: 'put',
    path: '/api/auth/anti-phishing-code',
    summary:
      'Set, change (code) or remove (null) own anti-phishing code; the current password is checked and a notice is mailed',
    tag: 'Auth',
    auth: 'user',
    body: AntiPhishingCodeUpdate,
    response: AntiPhishingCodeState,
  },
});
