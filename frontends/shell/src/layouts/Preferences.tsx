// The shell's theme and language switches, in the page's language, for every frame the shell draws.
import { useLanguageChoice } from '@cropvest/ui/i18n';
import { LanguageSwitch } from '@cropvest/ui/language-switch';
import { ThemeSwitch } from '@cropvest/ui/theme-switch';
import { useShellMessages } from '../messages/catalogue.ts';

export function ShellThemeSwitch({ className }: { className?: string }) {
  const { text } = useShellMessages();
  return (
    <ThemeSwitch
      className={className}
      labels={{
        theme: text('shell.frame.theme'),
        system: text('shell.frame.themeSystem'),
        light: text('shell.frame.themeLight'),
        dark: text('shell.frame.themeDark'),
      }}
    />
  );
}

export function ShellLanguageSwitch({ compact, className }: { compact?: boolean; className?: string }) {
  const { text } = useShellMessages();
  return (
    <LanguageSwitch
      {...useLanguageChoice()}
      label={text('shell.frame.language')}
      compact={compact}
      className={className}
    />
  );
}
