import Box from '@mui/material/Box';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { nullableDate, texts } from '@registry/shared';
import { FormDateField } from '@/components/form-date-field';

/** A period of days: either end may be open, the end not before the start. */
const PeriodSchema = z
  .object({ from: nullableDate, to: nullableDate })
  .refine((period) => !period.from || !period.to || period.from <= period.to, {
    message: texts.periodReversed,
    path: ['to'],
  });
export type Period = z.output<typeof PeriodSchema>;

type PeriodFilterProps = Period & {
  /** What the period is of, for assistive technology: 'Дата документа'. */
  label: string;
  /** Asks for another period, once both dates read as dates and in order. */
  onChange: (period: Period) => void;
};

/**
 * 'С' and 'По': the period a list is filtered by. A period picked asks for the search at once; a half-typed or
 * reversed one says what is wrong and waits. A period set elsewhere (Back) is shown as is.
 */
export function PeriodFilter({ label, from, to, onChange }: PeriodFilterProps) {
  const form = useForm({ resolver: zodResolver(PeriodSchema), defaultValues: { from, to } });
  const [shownFrom, shownTo] = useWatch({ control: form.control, name: ['from', 'to'] });

  // The period last asked for, or read from the URL: the URL catching up with it is not news to the form.
  const known = useRef<Period>({ from, to });

  // Each date picked is checked with the other, so that a reversed period says so under 'По' at once.
  useEffect(() => {
    void form.trigger().then((isValid) => {
      if (!isValid) return;
      known.current = { from: form.getValues('from') ?? null, to: form.getValues('to') ?? null };
      onChange(known.current);
    });
  }, [form, onChange, shownFrom, shownTo]);

  // The URL's period changed under the form (Back, a link): the form shows it.
  useEffect(() => {
    if (known.current.from === from && known.current.to === to) return;
    known.current = { from, to };
    form.reset({ from, to });
  }, [form, from, to]);

  return (
    <Box
      role="group"
      aria-label={label}
      // Never wider than the place it is given: a narrow grid column squeezes the dates rather than the page.
      sx={{ display: 'flex', gap: 2, width: { xs: '100%', sm: 380 }, maxWidth: '100%' }}
    >
      <FormDateField control={form.control} name="from" label="С" />
      <FormDateField control={form.control} name="to" label="По" />
    </Box>
  );
}
