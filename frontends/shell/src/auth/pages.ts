// The sign-in and registration pages, and the pages of mailed links, load on demand. One import site each, so the early start in index.ts
// and the router in App.tsx load the same chunks (two sites had the bundler split them two ways).
export const loadLoginPage = () => import('./LoginPage.tsx');
export const loadRegisterPage = () => import('./RegisterPage.tsx');
export const loadConfirmEmailPage = () => import('./ConfirmEmailPage.tsx');
export const loadResetPasswordPage = () => import('./ResetPasswordPage.tsx');
export const loadChangePasswordPage = () => import('./ChangePasswordPage.tsx');
export const loadApproveDevicePage = () => import('./ApproveDevicePage.tsx');
export const loadFreezePage = () => import('./FreezePage.tsx');
export const loadUnfreezePage = () => import('./UnfreezePage.tsx');
export const loadUnfreezeConfirmPage = () => import('./UnfreezeConfirmPage.tsx');
