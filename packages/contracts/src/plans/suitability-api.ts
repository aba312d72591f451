// The plans service's operations for suitability and the four days to reconsider (decision 0094).
import { ownedBy } from '../api-operation.ts';
import { Investment } from './model.ts';
import { SuitabilityRequest, SuitabilityStatus } from './suitability.ts';

export const suitabilityOperations = ownedBy('plans', {
  mySuitability: {
    method: 'get',
    path: '/api/suitability',
    summary:
      'Own suitability answers (latest version), the loss capacity they give and the warning threshold; whether investing needs them',
    tag: 'Investments',
    auth: 'user',
    response: SuitabilityStatus,
  },
  answerSuitability: {
    method: 'put',
    path: '/api/suitability',
    summary:
      'Answer or update the suitability questionnaire (experience, purpose, net worth and/or yearly income): a new version',
    tag: 'Investments',
    auth: 'user',
    body: SuitabilityRequest,
    response: SuitabilityStatus,
  },
  cancelInvestment: {
    method: 'post',
    path: '/api/investments/{id}/cancel',
    errors: {
      404: 'No such investment of yours',
      409: 'Not active (pending, harvested or already cancelled) or the four days to reconsider are over',
    },
    summary:
      'Cancel an own investment within four calendar days of buying it: the whole principal back to available, no interest, slots back to the plan',
    tag: 'Investments',
    auth: 'user',
    response: Investment,
  },
});
