import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues } from 'react-hook-form';
import { ProtocolInputSchema, type ProtocolInput } from '@registry/shared';
import { FormDialog, useFormDialog } from '@/components/form-dialog';
import { maxLengthOf } from '@/lib/schema-limits';
import type { Field } from '@/lib/section-fields';
import { FieldGrid } from './form-fields';

const limit = maxLengthOf(ProtocolInputSchema.shape.number);

// The basis document's fields, drawn by the same renderers as the card's.
const fields: Field[] = [
  { kind: 'text', name: 'number', label: 'Входящий номер', maxLength: limit, isRequired: true },
  { kind: 'date', name: 'date', label: 'Дата входящего документа', isRequired: true },
  { kind: 'text', name: 'outgoingNumber', label: 'Исходящий номер', maxLength: limit },
  { kind: 'date', name: 'outgoingDate', label: 'Дата исходящего документа' },
];

type ProtocolDialogProps = {
  onSave: (protocol: ProtocolInput) => Promise<unknown>;
  onClose: () => void;
};

/**
 * 'Внесение изменений в реестр': the basis document of a save. The incoming number and date are required and
 * the save waits until they are valid; the outgoing ones are optional.
 */
export function ProtocolDialog({ onSave, onClose }: ProtocolDialogProps) {
  // Plain values in, as the card's field renderers take them; the schema makes them the protocol.
  const form = useForm<FieldValues, unknown, ProtocolInput>({
    resolver: zodResolver<FieldValues, unknown, ProtocolInput>(ProtocolInputSchema),
    defaultValues: { number: '', date: null, outgoingNumber: '', outgoingDate: null },
    mode: 'onChange',
  });
  const dialog = useFormDialog(form, onSave, onClose);
  return (
    <FormDialog title="Внесение изменений в реестр" isSubmitDisabled={!form.formState.isValid} {...dialog}>
      <FieldGrid fields={fields} prefix="" control={form.control} />
    </FormDialog>
  );
}
