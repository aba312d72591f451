// The whole design system in one import, for tests and tools. Front ends import the per-component
// paths (`@cropvest/ui/button`) so each page loads only what it uses.
export * from './cn.ts';
export * from './format.ts';
export * from './password-strength.ts';
export * from './button.tsx';
export * from './input.tsx';
export * from './card.tsx';
export * from './badge.tsx';
export * from './spinner.tsx';
export * from './skeleton.tsx';
export * from './empty-state.tsx';
export * from './dialog.tsx';
export * from './tabs.tsx';
export * from './switch.tsx';
export * from './checkbox.tsx';
export * from './accordion.tsx';
export * from './dropdown.tsx';
export * from './select.tsx';
export * from './table.tsx';
export * from './toast.ts';
export * from './toaster.tsx';
export * from './sidebar.tsx';
export * from './stat-card.tsx';
export * from './not-found.tsx';
export * from './remote-unavailable.tsx';
export * from './coming-soon.tsx';
