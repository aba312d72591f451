import * as DropdownPrimitive from '@radix-ui/react-dropdown-menu';
import { cn } from './cn.ts';

export const DropdownMenu = DropdownPrimitive.Root;
export const DropdownMenuTrigger = DropdownPrimitive.Trigger;
export const DropdownMenuContent = ({
  className,
  sideOffset = 4,
  ...props
}: DropdownPrimitive.DropdownMenuContentProps) => (
  <DropdownPrimitive.Portal>
    <DropdownPrimitive.Content
      sideOffset={sideOffset}
      className={cn(
        'z-50 min-w-40 rounded-md border border-slate-200 bg-white p-1 text-slate-900 shadow-lg',
        className,
      )}
      {...props}
    />
  </DropdownPrimitive.Portal>
);
export const DropdownMenuItem = ({ className, ...props }: DropdownPrimitive.DropdownMenuItemProps) => (
  <DropdownPrimitive.Item
    className={cn(
      'flex cursor-pointer select-none items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100 data-[disabled]:opacity-50',
      className,
    )}
    {...props}
  />
);
export const DropdownMenuSeparator = () => <DropdownPrimitive.Separator className="my-1 h-px bg-slate-200" />;
