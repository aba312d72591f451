// Pieces every settings tab uses: a labelled switch bound to the form, and the save button reading 'Saving...'.
import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Button } from '@cropvest/ui/button';
import { Spinner } from '@cropvest/ui/spinner';
import { Switch } from '@cropvest/ui/switch';
import { useSettingsFormMessages } from './messages/catalogue.ts';

export function SwitchField<T extends FieldValues>({
  control,
  name,
  label,
  description,
}: {
  control: Control<T, unknown, unknown>;
  name: FieldPath<T>;
  label: string;
  description: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium text-ink">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-ink-muted">
          {description}
        </p>
      </div>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            checked={Boolean(field.value)}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            aria-describedby={`${id}-description`}
          />
        )}
      />
    </div>
  );
}

/** Each tab's own save button; the spec's 'Saving...' while its save is pending. */
export function SaveButton({ saving, children }: { saving: boolean; children: ReactNode }) {
  const { text } = useSettingsFormMessages();
  return (
    <Button type="submit" disabled={saving}>
      {saving ? (
        <>
          <Spinner size="sm" label={text('settingsForm.save.spinner')} />
          {text('settingsForm.save.saving')}
        </>
      ) : (
        children
      )}
    </Button>
  );
}

/** The spec's toasts for a settings save: `saved` for toast(), `failed` for reportFormError(). */
export function useSaveToasts() {
  const { text } = useSettingsFormMessages();
  return {
    saved: {
      title: text('settingsForm.toast.savedTitle'),
      description: text('settingsForm.toast.savedDescription'),
      variant: 'success',
    },
    failed: {
      title: text('settingsForm.toast.failedTitle'),
      fallback: text('settingsForm.toast.failedFallback'),
    },
  } as const;
}
