import { forwardRef, useState, type ComponentPropsWithoutRef } from 'react';
import { useIntl } from 'react-intl';
import './forms.css';

type PasswordInputProps = Omit<ComponentPropsWithoutRef<'input'>, 'type'>;

/**
 * A password field with a show/hide button. The button keeps one name ('Show password') and reports
 * its state with aria-pressed, the pattern screen readers announce best.
 */
// forwardRef keeps the ref explicit for react-hook-form (written when production ran on preact/compat).
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput({ className, id, ...props }, ref) {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <input
        {...props}
        ref={ref}
        id={id}
        type={visible ? 'text' : 'password'}
        className={`input password-input__field${className ? ` ${className}` : ''}`}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
      />
      <button
        type="button"
        className="password-input__toggle"
        aria-label={intl.formatMessage({ id: 'form.showPassword' })}
        aria-pressed={visible}
        aria-controls={id}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </div>
  );
});

const iconProps = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

function EyeIcon() {
  return (
    <svg {...iconProps}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg {...iconProps}>
      <path d="M10.6 5.1A10.4 10.4 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.2M6.6 6.6A17.4 17.4 0 0 0 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
      <path d="M3 3l18 18" />
    </svg>
  );
}
