import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type ComponentType, type ReactNode, type Ref } from 'react';
import { useController, useFieldArray, useWatch, type Control, type FieldValues } from 'react-hook-form';
import { IMaskInput } from 'react-imask';
import { DictionaryAutocomplete } from '@/components/dictionary-autocomplete';
import { FormDateField } from '@/components/form-date-field';
import { FormTextField } from '@/components/form-text-field';
import { OrganizationAutocomplete } from '@/components/organization-autocomplete';
import { SchoolAutocomplete } from '@/components/school-autocomplete';
import { ShortLabel } from '@/components/short-label';
import {
  emptyValues,
  requisitesLabels,
  requisitesLimits,
  requisitesShortLabels,
  type Dependency,
  type Field,
} from '@/lib/section-fields';

/*
 * One renderer per kind of field (section-fields.ts): text with a counter, masked, date, number, flag, select,
 * picker, requisites, a group and a list of sub-entries. Every section's form is these, laid out on a grid.
 */

export type FormControl = Control<FieldValues>;

type FieldProps<F extends Field['kind']> = {
  field: Extract<Field, { kind: F }>;
  /** The field's path in the form ('PauseInfo.0.PausedAt'). */
  path: string;
  control: FormControl;
  isReadOnly: boolean;
};

/** The path of a sibling of the field at `path`. */
function siblingPath(path: string, name: string): string {
  const parent = path.split('.').slice(0, -1);
  return [...parent, name].join('.');
}

/** True while the field waits for what it depends on (a pause's details wait for its date). */
function useIsWaiting(control: FormControl, path: string, dependency: Dependency | undefined): boolean {
  const value: unknown = useWatch({ control, name: dependency ? siblingPath(path, dependency.field) : path });
  if (!dependency) return false;
  if ('equals' in dependency) return value !== dependency.equals;
  return value === null || value === undefined || value === '';
}

/** The field's label as shown: its short form, when it has one, named by the whole label. */
function labelOf(field: Field): ReactNode {
  return field.shortLabel ? <ShortLabel label={field.label} short={field.shortLabel} /> : field.label;
}

function DateInput({ field, path, control, isReadOnly }: FieldProps<'date'>) {
  return (
    <FormDateField
      control={control}
      name={path}
      label={labelOf(field)}
      required={field.isRequired}
      disabled={isReadOnly}
    />
  );
}

type MaskProps = {
  mask: string;
  name: string;
  value: string;
  onChange: (event: { target: { name: string; value: string } }) => void;
  ref?: Ref<HTMLInputElement>;
};

/**
 * The input of a masked field: `#` of the masks (docs/register-rules.md#how-values-are-written-and-shown) is
 * imask's digit `0`.
 */
function MaskInput({ mask, onChange, ref, ...props }: MaskProps) {
  return (
    <IMaskInput
      {...props}
      mask={mask.replaceAll('#', '0')}
      inputRef={ref}
      overwrite
      onAccept={(value: string) => onChange({ target: { name: props.name, value } })}
    />
  );
}

/** The form's hold on a field drawn as a TextField, and the props every such field shares. */
function useTextField<K extends Field['kind']>({ field, path, control, isReadOnly }: FieldProps<K>) {
  const { field: input, fieldState } = useController({ control, name: path });
  const props = {
    label: field.label,
    name: path,
    onBlur: input.onBlur,
    inputRef: input.ref,
    disabled: isReadOnly,
    required: field.isRequired,
    fullWidth: true,
    error: Boolean(fieldState.error),
    helperText: fieldState.error?.message,
  };
  return { input, props };
}

function MaskedInput(fieldProps: FieldProps<'masked'>) {
  const { input, props } = useTextField(fieldProps);
  const { mask } = fieldProps.field;
  return (
    <TextField
      {...props}
      value={(input.value as string | null) ?? ''}
      onChange={input.onChange}
      placeholder={mask.replaceAll('#', '_')}
      slotProps={{ input: { inputComponent: MaskInput as never }, htmlInput: { mask } }}
    />
  );
}

function NumberInput(fieldProps: FieldProps<'number'>) {
  const { input, props } = useTextField(fieldProps);
  // Whole numbers only: anything but digits is dropped as it is typed.
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const digits = event.target.value.replace(/\D/g, '');
    input.onChange(digits === '' ? null : Number(digits));
  };
  return (
    <TextField
      {...props}
      value={input.value === null || input.value === undefined ? '' : String(input.value)}
      onChange={handleChange}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}

function FlagInput({ field, path, control, isReadOnly }: FieldProps<'flag'>) {
  const { field: input } = useController({ control, name: path });
  return (
    <FormControlLabel
      label={field.label}
      disabled={isReadOnly}
      control={
        <Checkbox
          name={path}
          checked={input.value === true}
          onChange={(event) => input.onChange(event.target.checked)}
          onBlur={input.onBlur}
          slotProps={{ input: { ref: input.ref } }}
        />
      }
    />
  );
}

const NO_VALUE = '';

function SelectInput(fieldProps: FieldProps<'select'>) {
  const { input, props } = useTextField(fieldProps);
  const { field } = fieldProps;
  return (
    <TextField
      {...props}
      select
      value={input.value === null || input.value === undefined ? NO_VALUE : String(input.value)}
      onChange={(event) =>
        input.onChange(event.target.value === NO_VALUE ? null : Number(event.target.value))
      }
    >
      {field.isNullable && (
        <MenuItem value={NO_VALUE}>
          <em>Не указано</em>
        </MenuItem>
      )}
      {field.options.map((option) => (
        <MenuItem key={option.value} value={String(option.value)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function PickerInput({ field, path, control, isReadOnly }: FieldProps<'picker'>) {
  const { field: input, fieldState } = useController({ control, name: path });
  const props = {
    label: field.label,
    name: path,
    value: input.value as never,
    onChange: input.onChange,
    onBlur: input.onBlur,
    inputRef: input.ref,
    required: field.isRequired,
    disabled: isReadOnly,
    error: Boolean(fieldState.error),
    helperText: fieldState.error?.message,
  };
  switch (field.picker) {
    case 'organization':
      return <OrganizationAutocomplete {...props} />;
    case 'school':
      return <SchoolAutocomplete {...props} />;
    case 'address':
      return <DictionaryAutocomplete {...props} code="addresses" />;
    case 'termination-reason':
      return <DictionaryAutocomplete {...props} code="termination-reasons" />;
  }
}

/** A titled box of fields: a group's, a requisites', an item's of a list. */
function FieldBox({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" component="fieldset" sx={{ gridColumn: '1 / -1', p: 2, m: 0, minWidth: 0 }}>
      <Box component="legend" sx={{ px: 0.5, display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2" component="span">
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

function RequisitesInput({ field, path, control, isReadOnly }: FieldProps<'requisites'>) {
  const labels = requisitesLabels(field.label);
  const parts: Field[] = [
    {
      kind: 'text',
      name: 'Number',
      label: labels.Number,
      shortLabel: requisitesShortLabels.Number,
      maxLength: requisitesLimits.Number,
    },
    { kind: 'date', name: 'Date', label: labels.Date, shortLabel: requisitesShortLabels.Date },
    {
      kind: 'text',
      name: 'UnstructuredValue',
      label: labels.UnstructuredValue,
      shortLabel: requisitesShortLabels.UnstructuredValue,
      maxLength: requisitesLimits.UnstructuredValue,
      isWide: true,
    },
  ];
  return (
    <FieldBox title={field.label}>
      <FieldGrid fields={parts} prefix={path} control={control} isReadOnly={isReadOnly} />
    </FieldBox>
  );
}

function ListInput({ field, path, control, isReadOnly }: FieldProps<'list'>) {
  const { fields: items, append, remove } = useFieldArray({ control, name: path });
  return (
    <FieldBox title={field.label}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {items.map((item, index) => {
          const itemTitle = `${field.itemLabel} ${index + 1}`;
          return (
            <FieldBox
              key={item.id}
              title={itemTitle}
              action={
                <IconButton
                  size="small"
                  aria-label={`Удалить: ${itemTitle}`}
                  onClick={() => remove(index)}
                  disabled={isReadOnly}
                >
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              }
            >
              <FieldGrid
                fields={field.fields}
                prefix={`${path}.${index}`}
                control={control}
                isReadOnly={isReadOnly}
              />
            </FieldBox>
          );
        })}
        <Box>
          <Button
            startIcon={<AddIcon />}
            onClick={() => append(emptyValues(field.fields))}
            disabled={isReadOnly}
          >
            Добавить {field.itemLabel.toLowerCase()}
          </Button>
        </Box>
      </Box>
    </FieldBox>
  );
}

function TextInput({ field, path, control, isReadOnly }: FieldProps<'text'>) {
  return (
    <FormTextField
      control={control}
      name={path}
      label={labelOf(field)}
      maxLength={field.maxLength}
      required={field.isRequired}
      multiline={field.isMultiline}
      disabled={isReadOnly}
    />
  );
}

function GroupInput({ field, path, control, isReadOnly }: FieldProps<'group'>) {
  return (
    <FieldBox title={field.label}>
      <FieldGrid fields={field.fields} prefix={path} control={control} isReadOnly={isReadOnly} />
    </FieldBox>
  );
}

const inputs: { [K in Field['kind']]: ComponentType<FieldProps<K>> } = {
  text: TextInput,
  masked: MaskedInput,
  date: DateInput,
  number: NumberInput,
  flag: FlagInput,
  select: SelectInput,
  picker: PickerInput,
  requisites: RequisitesInput,
  list: ListInput,
  group: GroupInput,
};

/** One field of a form, drawn by its kind. */
function FormField({ field, path, control, isReadOnly }: FieldProps<Field['kind']>) {
  const isWaiting = useIsWaiting(control, path, field.dependsOn);
  const Input = inputs[field.kind] as ComponentType<FieldProps<Field['kind']>>;
  return <Input field={field} path={path} control={control} isReadOnly={isReadOnly || isWaiting} />;
}

type FieldGridProps = {
  fields: Field[];
  /** The path of the object the fields belong to; '' for the entry itself. */
  prefix: string;
  control: FormControl;
  isReadOnly?: boolean;
};

const isWide = (field: Field) => field.isWide || ['group', 'list', 'requisites'].includes(field.kind);

/** Fields on a two-column grid; wide ones, groups and lists take a whole row. */
export function FieldGrid({ fields, prefix, control, isReadOnly = false }: FieldGridProps) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
      {fields.map((field) => (
        <Box key={field.name} sx={isWide(field) ? { gridColumn: '1 / -1' } : undefined}>
          <FormField
            field={field}
            path={prefix ? `${prefix}.${field.name}` : field.name}
            control={control}
            isReadOnly={isReadOnly}
          />
        </Box>
      ))}
    </Box>
  );
}
