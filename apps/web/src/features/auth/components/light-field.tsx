import { type InputHTMLAttributes, useId, useState } from 'react';
import { LightIcon } from './light-icons';

interface LightFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'prefix'> {
  value: string;
  onChange: (value: string) => void;
  /** The field's validation message, shown under it in red (antd's look), or null. */
  error: string | null;
  prefix: 'user' | 'lock';
  /** A password: the input hides what is typed, with an eye to show it. */
  secret?: boolean;
}

/** A large input with a prefix icon and its error below: antd's Form.Item + Input look, without antd. */
export function LightField({ value, onChange, error, prefix, secret, ...input }: LightFieldProps) {
  const [shown, setShown] = useState(false);
  const errorId = useId();
  return (
    <div className={error ? 'light-item light-item-error' : 'light-item'}>
      <span className="light-input">
        <LightIcon name={prefix} className="light-input-prefix" />
        <input
          {...input}
          type={secret && !shown ? 'password' : 'text'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {secret && (
          <button
            type="button"
            className="light-input-suffix"
            aria-label={shown ? '隐藏密码' : '显示密码'}
            onClick={() => setShown(!shown)}
          >
            <LightIcon name={shown ? 'eye' : 'eyeInvisible'} />
          </button>
        )}
      </span>
      {error && (
        <div id={errorId} className="light-item-explain" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
