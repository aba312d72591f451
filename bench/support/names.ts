// The benchmarks' seeded names: 10 first names × 10 surnames and a number, so a surname matches a tenth of the
// seeded people and a full name one.

export const FIRST = ['Amina', 'Bruno', 'Chen', 'Dara', 'Elif', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jonas'];
export const LAST = [
  'Okafor',
  'Silva',
  'Nakamura',
  'Kowalski',
  'Haddad',
  'Moreau',
  'Petrov',
  'Mensah',
  'Larsen',
  'Ortega',
];
