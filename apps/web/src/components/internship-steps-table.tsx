import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { fieldLabels, formatDate, internshipStages } from '@registry/shared';

/** A stage of an internship as a card holds it; an entry being edited may lack any of its values. */
type Stage = {
  StartedAt?: string | null;
  EndedAt?: string | null;
  HasPassed?: boolean | null;
  HasMaterials?: boolean | null;
};

type StageKey = (typeof internshipStages)[number][0];

/** The five stages of an internship-steps entry, by their keys. */
export type InternshipStages = Partial<Record<StageKey, Stage | null>>;

const stepFields = ['StartedAt', 'EndedAt', 'HasPassed', 'HasMaterials'] as const;

/** A column of the stages table: the shared label without its stage ('Вводный этап: дата начала'). */
function stepColumnLabel(field: (typeof stepFields)[number]): string {
  const label = fieldLabels.InternshipSteps[`EntryStep.${field}`] ?? field;
  const rest = label.slice(label.indexOf(': ') + 2);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

const dateText = (value: string | null | undefined) => formatDate(value) || '—';
const flagText = (value: boolean | null | undefined) => (value ? 'Да' : 'Нет');

/**
 * The five stages of an internship as a table: a row a stage, its dates and flags in columns. The public card
 * and the operator's card show an internship-steps entry alike.
 */
export function InternshipStepsTable({ steps }: { steps: InternshipStages }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Этапы стажировки">
        <TableHead>
          <TableRow>
            <TableCell>Этап</TableCell>
            {stepFields.map((field) => (
              <TableCell key={field}>{stepColumnLabel(field)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {internshipStages.map(([key, title]) => {
            const stage = steps[key];
            return (
              <TableRow key={key}>
                <TableCell component="th" scope="row">
                  {title}
                </TableCell>
                <TableCell>{dateText(stage?.StartedAt)}</TableCell>
                <TableCell>{dateText(stage?.EndedAt)}</TableCell>
                <TableCell>{flagText(stage?.HasPassed)}</TableCell>
                <TableCell>{flagText(stage?.HasMaterials)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
