import { SelectField } from './ui/SelectField';

export interface Place {
  province: number | null;
  municipality: number | null;
}

interface PlacePickerProps {
  value: Place;
  /** Choosing another province clears the municipality: it belongs to the old one. */
  onChange: (value: Place) => void;
  provinces: { id: number; name: string }[];
  municipalities: { id: number; name: string; province: { id: number } }[];
  /** The empty options: a form asks to choose; a filter offers "all". */
  placeholders?: { province: string; municipality: string };
  /** Under the municipality while no province is chosen. */
  municipalityHint?: string;
  errors?: { province?: string[]; municipality?: string[] };
  /** A step's shared message: marks the empty selects invalid and points them to it. */
  sharedError?: { id: string } | null;
}

const FORM_PLACEHOLDERS = { province: 'Elegí la provincia', municipality: 'Elegí el partido o la localidad' };

/** Province, then one of its municipalities (partido / localidad), from the catalog's lists. */
export function PlacePicker({
  value,
  onChange,
  provinces,
  municipalities,
  placeholders = FORM_PLACEHOLDERS,
  municipalityHint,
  errors,
  sharedError,
}: PlacePickerProps) {
  return (
    <>
      <SelectField
        label="Provincia"
        placeholder={placeholders.province}
        value={value.province}
        options={provinces.map((p) => ({ value: p.id, label: p.name }))}
        errors={errors?.province}
        invalid={Boolean(sharedError) && value.province === null}
        describedBy={sharedError?.id}
        onChange={(province) => onChange({ province, municipality: null })}
      />
      <SelectField
        label="Partido / localidad"
        placeholder={placeholders.municipality}
        value={value.municipality}
        disabled={value.province === null}
        hint={value.province === null ? municipalityHint : undefined}
        options={municipalities
          .filter((m) => m.province.id === value.province)
          .map((m) => ({ value: m.id, label: m.name }))}
        errors={errors?.municipality}
        invalid={Boolean(sharedError) && value.municipality === null}
        describedBy={sharedError?.id}
        onChange={(municipality) => onChange({ ...value, municipality })}
      />
    </>
  );
}
