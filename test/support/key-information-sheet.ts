// What the suites, journeys and benchmarks publish and answer before they invest: an operator and a complete key
// information sheet as an admin would write them (decision 0092), and suitability answers (decision 0094).

export const OPERATOR_FIELDS = {
  name: 'Rift Valley Growers Cooperative',
  country: 'Kenya',
  region: 'Nakuru County',
  contact: 'cooperative@rift-valley-growers.example, +254 20 000 0000',
  pastSeasons: [
    { crop: 'Maize', season: '2024 long rains', amountRaised: '42000.00', realisedReturnPercent: '6.40' },
    { crop: 'Maize', season: '2025 long rains', amountRaised: '51000.00', realisedReturnPercent: '-12.50' },
  ],
};

/** Every section of a sheet filled in, as an admin would write it. */
export const COMPLETE_KEY_INFORMATION = {
  location: 'Nakuru County, Kenya (irrigated plots along the Njoro river)',
  crop: 'Winter wheat',
  areaHectares: '120.00',
  expectedYield: '4.2 tonnes per hectare',
  expectedPrice: 'USD 310 per tonne (last three seasons: 280 to 330)',
  offtakeBuyer: 'Unga Millers Ltd, forward contract for 60 % of the harvest',
  insurance:
    'Area-yield index insurance covering drought and flood up to 70 % of expected revenue; pests are not covered',
  mainRisks:
    'A poor rainy season, pests, a fall in the wheat price and the cooperative failing to deliver. You may lose part or all of the money you invest.',
  cropFailure:
    'If proceeds and reserve do not cover what is due, payouts are reviewed: the platform may allocate reserve, postpone the payout or settle pro rata; any shortfall is a realised loss.',
  fees: 'No fee to investors; the platform keeps 2 % of the harvest proceeds before payouts.',
  platformStake: 'The platform invests 5 % of the plan’s slots on the same terms as investors.',
};

/**
 * Suitability answers whose warning threshold (5 % of net worth: 5,000,000 USDT) no suite's purchase reaches, so
 * suites about something else invest as before while `requireSuitabilityCheck` is on (decision 0094).
 */
export const AMPLE_SUITABILITY = {
  experience: 'experienced',
  purpose: 'growth',
  netWorth: '100000000.00',
} as const;
