import Box from '@mui/material/Box';
import type { RegistrationNumber } from '@registry/shared';

/** A registry number, kept on one line: it never breaks at its hyphens. */
export function RegistryNumber({ number }: { number: string }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {number}
    </Box>
  );
}

/** A trainee's registration numbers, one per line, in the order the server ranks them. */
export function RegistrationNumbers({ numbers }: { numbers: RegistrationNumber[] }) {
  if (numbers.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {numbers.map((number) => (
        <li key={`${number.Organization.Id}-${number.Number}`}>
          {number.Organization.Name} — <RegistryNumber number={number.Number} />
        </li>
      ))}
    </Box>
  );
}
