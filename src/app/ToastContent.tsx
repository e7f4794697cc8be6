import { forwardRef } from 'react';
import { SnackbarContent, type CustomContentProps } from 'notistack';

/**
 * How a toast looks (notistack's Material look, our colours in styles/buttons.css), without
 * notistack's role="alert": toasts are announced politely by the live region AppProviders puts
 * around the toaster, which is on the page before any toast (docs/adr/0095).
 */
export const ToastContent = forwardRef<HTMLDivElement, CustomContentProps>(function ToastContent(
  { message, action, id, variant, iconVariant, hideIconVariant, style, className },
  ref,
) {
  const icon = hideIconVariant ? null : iconVariant[variant];
  const actions = typeof action === 'function' ? action(id) : action;
  return (
    <SnackbarContent ref={ref} style={style}
      className={`notistack-MuiContent notistack-MuiContent-${variant} toast-content${icon ? ' toast-content-icon' : ''}${className ? ` ${className}` : ''}`}>
      <div className="toast-message">
        {icon}
        {message}
      </div>
      {actions && <div className="toast-actions">{actions}</div>}
    </SnackbarContent>
  );
});
