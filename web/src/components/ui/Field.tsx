import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface FieldProps {
  label: string;
  errors?: string[];
  hint?: string;
}

interface Frame {
  label: string;
  /** Spread on the control: its id, and the hint and errors it is described by. */
  control: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
  messages: ReactNode;
}

/**
 * What every labelled field shares: the ids that link the control to its hint and its errors
 * (announced), and those messages under it. `invalid` and `describedBy` add a problem shown
 * elsewhere (a step's shared message).
 */
export function useFieldFrame({ label, errors, hint }: FieldProps, invalid?: boolean, describedBy?: string): Frame {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [errors?.length ? errorId : '', hint ? hintId : '', describedBy ?? ''].filter(Boolean).join(' ');
  return {
    label,
    control: {
      id,
      'aria-invalid': invalid || errors?.length ? true : undefined,
      'aria-describedby': described || undefined,
    },
    messages: (
      <>
        {hint && (
          <p id={hintId} className="field__hint">
            {hint}
          </p>
        )}
        {errors?.length ? (
          <p id={errorId} className="field__error" role="alert">
            {errors.join(' ')}
          </p>
        ) : null}
      </>
    ),
  };
}

/** The frame's markup around one control: label, control, messages. */
export function FieldFrame({ frame, children }: { frame: Frame; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={frame.control.id}>{frame.label}</label>
      {children}
      {frame.messages}
    </div>
  );
}

/** A labelled input whose errors are announced and linked with aria-describedby. */
export function TextField({ label, errors, hint, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const frame = useFieldFrame({ label, errors, hint });
  return (
    <FieldFrame frame={frame}>
      <input type="text" {...frame.control} {...input} />
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  errors,
  hint,
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const frame = useFieldFrame({ label, errors, hint });
  return (
    <FieldFrame frame={frame}>
      <textarea {...frame.control} {...textarea} />
    </FieldFrame>
  );
}

/** A message under a group of fields (a list of chips, a step), announced when it appears. */
export function ErrorLine({ id, message }: { id?: string; message: string | null | undefined }) {
  return message ? (
    <p id={id} className="field__error" role="alert">
      {message}
    </p>
  ) : null;
}
