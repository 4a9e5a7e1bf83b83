import Box from '@mui/material/Box';
import type { RegistrationNumber } from '@registry/shared';

/** 'СРО — номер', the way the list and the card name a registration number. */
export function registrationNumberText({ Organization, Number }: RegistrationNumber): string {
  return `${Organization.Name} — ${Number}`;
}

/** A trainee's registration numbers, one per line, in the order the server ranks them. */
export function RegistrationNumbers({ numbers }: { numbers: RegistrationNumber[] }) {
  if (numbers.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {numbers.map((number) => (
        <li key={`${number.Organization.Id}-${number.Number}`}>{registrationNumberText(number)}</li>
      ))}
    </Box>
  );
}
