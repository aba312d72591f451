// The setup project (docs/decisions/0112): each of the stack's roles signs in through the form once, and what that
// leaves in the browser is recorded under test-results/sessions/. The journeys start signed in from the same
// state (startSignedIn), each with a session of its own: this checks that the state they are given is exactly
// what a real sign-in leaves, and that it opens the signed-in screens, so a change to how the front end keeps
// its session fails here, once, instead of sending every journey to /login.
import path from 'node:path';
import {
  test as setup,
  expect,
  signedInState,
  signIn,
  stackAdmin,
  stackInvestor,
  type Account,
} from './fixtures.ts';

const recordedSessionFile = (role: string): string =>
  path.resolve(
    import.meta.dirname,
    `../../test-results/sessions${process.env.JOURNEY_SET ? `-${process.env.JOURNEY_SET}` : ''}/${role}.json`,
  );

type Shape = { cookies: string[]; localStorage: string[] };
const shapeOf = (state: {
  cookies: { name: string }[];
  origins: { localStorage: { name: string }[] }[];
}): Shape => ({
  cookies: state.cookies.map((cookie) => cookie.name).sort(),
  localStorage: state.origins.flatMap((origin) => origin.localStorage.map((item) => item.name)).sort(),
});

const roles: [string, () => Account, string | RegExp][] = [
  ['admin', stackAdmin, 'Admin Dashboard'],
  ['investor', stackInvestor, /^Welcome back/],
];

for (const [role, account, heading] of roles)
  setup(
    `the ${role} signs in through the form, leaving what a journey starts signed in with`,
    async ({ page, browser }) => {
      const { email, password } = account();
      await signIn(page, email, password);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const recorded = await page.context().storageState({ path: recordedSessionFile(role) });

      const given = await signedInState({ email, password });
      // Everything a journey is given, a real sign-in left (a remembered preference such as the theme may sit beside it).
      const [givenShape, recordedShape] = [shapeOf(given), shapeOf(recorded)];
      expect(recordedShape.cookies).toEqual(expect.arrayContaining(givenShape.cookies));
      expect(recordedShape.localStorage).toEqual(expect.arrayContaining(givenShape.localStorage));

      const context = await browser.newContext({ storageState: given });
      try {
        const signedIn = await context.newPage();
        await signedIn.goto(page.url());
        await expect(signedIn.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      } finally {
        await context.close();
      }
    },
  );
