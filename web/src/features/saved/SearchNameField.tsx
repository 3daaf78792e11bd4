import { SAVED_SEARCH_LIMITS } from '@cym/common';
import { TextField } from '../../components/ui/Field';

/** A saved search's name, as it is typed when saving and when renaming. */
export function SearchNameField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  return (
    <TextField
      label="Nombre de la búsqueda"
      value={value}
      maxLength={SAVED_SEARCH_LIMITS.nameMax}
      onChange={(event) => onChange(event.target.value)}
      errors={error ? [error] : undefined}
    />
  );
}
