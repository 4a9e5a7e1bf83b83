import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import {
  fieldLabels,
  formatDate,
  internshipStatuses,
  texts,
  type Internship,
  type InternshipSteps,
  type InternshipStatus,
  type PublicIntern,
} from '@registry/shared';
import { InternshipStepsTable } from '@/components/internship-steps-table';
import { FieldList, flagText, formatRequisites, type Field } from './field-list';
import { RegistryNumber } from './registration-numbers';

/** The sections the public may see (docs/register-rules.md#the-public-card-and-list), in the card's order. */
export const publicSections = ['PersonalInfo', 'Supervisors', 'Internships', 'InternshipSteps'] as const;
export type PublicSection = (typeof publicSections)[number];

/** The notices of an internship entry (docs/screens.md#notices-on-an-internship). */

// The shared labels name an internship's lists, not their fields; these are worded as in the change file.
const listFieldLabels = {
  endedAt: 'Дата окончания стажировки',
  address: 'Адрес места стажировки',
  admission: 'Решение о приёме на стажировку',
  modification: 'Решение об изменении сведений',
  pausedAt: 'Дата приостановления',
  pauseDuration: 'Срок приостановления',
  pauseBasis: 'Основание приостановления',
  pause: 'Решение о приостановлении',
  resumedAt: 'Дата возобновления',
  resume: 'Решение о возобновлении',
  contractEndsAt: 'Дата окончания договора',
  contract: 'Договор',
} as const;

function EntryPaper({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      {children}
    </Paper>
  );
}

type Person = PublicIntern['PersonalInfo'][number] & { CadastreNumber?: string | null };

function personFields(section: 'PersonalInfo' | 'Supervisors', person: Person): Field[] {
  const labels = fieldLabels[section];
  const fields: Field[] = [
    [labels.LastName!, person.LastName],
    [labels.FirstName!, person.FirstName],
    [labels.PatronymicName!, person.PatronymicName],
  ];
  if (section === 'Supervisors') fields.push([labels.CadastreNumber!, person.CadastreNumber]);
  return fields;
}

type InternshipList = 'MiscInfo' | 'PauseInfo' | 'ResumeInfo' | 'ContractInfo';

/** An internship's lists (end and place, pauses, resumptions, contracts), each item as its fields. */
function internshipLists(internship: Internship): [list: InternshipList, items: Field[][]][] {
  const l = listFieldLabels;
  return [
    [
      'MiscInfo',
      internship.MiscInfo.map((item) => [
        [l.endedAt, formatDate(item.EndedAt)],
        [l.address, item.Address?.Value],
        [l.admission, formatRequisites(item.AdmissionRequisites)],
        [l.modification, formatRequisites(item.ModificationRequisites)],
      ]),
    ],
    [
      'PauseInfo',
      internship.PauseInfo.map((item) => [
        [l.pausedAt, formatDate(item.PausedAt)],
        [l.pauseDuration, item.PauseDuration],
        [l.pauseBasis, item.PauseBasis],
        [l.pause, formatRequisites(item.Requisites)],
      ]),
    ],
    [
      'ResumeInfo',
      internship.ResumeInfo.map((item) => [
        [l.resumedAt, formatDate(item.ResumedAt)],
        [l.resume, formatRequisites(item.Requisites)],
      ]),
    ],
    [
      'ContractInfo',
      internship.ContractInfo.map((item) => [
        [l.contractEndsAt, formatDate(item.ContractEndsAt)],
        [l.contract, formatRequisites(item.Requisites)],
      ]),
    ],
  ];
}

function InternshipEntry({ internship }: { internship: Internship }) {
  const labels = fieldLabels.Internships;
  const fields: Field[] = [
    [labels.Organization!, internship.Organization?.Name],
    [
      labels.RegistryNumber!,
      internship.RegistryNumber && <RegistryNumber number={internship.RegistryNumber} />,
    ],
    [labels.StartedAt!, formatDate(internship.StartedAt)],
    [labels.Status!, internshipStatuses.label(internship.Status as InternshipStatus)],
    [labels.Duration!, internship.Duration],
    [labels.EndBasis!, internship.EndBasis?.Value],
  ];
  return (
    <EntryPaper>
      <Stack spacing={2}>
        {internship.IsEmpty && <Alert severity="info">{texts.internshipNotices.IsEmpty}</Alert>}
        {internship.IsCumulative && <Alert severity="warning">{texts.internshipNotices.IsCumulative}</Alert>}
        <FieldList fields={fields} />
        {internshipLists(internship)
          .filter(([, items]) => items.length > 0)
          .map(([list, items]) => (
            <Stack key={list} spacing={1}>
              <Typography variant="subtitle2" component="h3">
                {labels[list]}
              </Typography>
              {items.map((item, index) => (
                <Paper key={index} variant="outlined" sx={{ p: 1.5, bgcolor: 'action.hover' }}>
                  <FieldList fields={item} />
                </Paper>
              ))}
            </Stack>
          ))}
      </Stack>
    </EntryPaper>
  );
}

function InternshipStepsEntry({ steps }: { steps: InternshipSteps }) {
  const labels = fieldLabels.InternshipSteps;
  const statement = steps.SupervisorStatement;
  return (
    <EntryPaper>
      <Stack spacing={2}>
        <InternshipStepsTable steps={steps} />
        <FieldList
          fields={[
            [labels['SupervisorStatement.Number']!, statement.Number],
            [labels['SupervisorStatement.Date']!, formatDate(statement.Date)],
            [labels['SupervisorStatement.UnstructuredValue']!, statement.UnstructuredValue],
            [labels.HasPassed!, flagText(steps.HasPassed)],
          ]}
        />
      </Stack>
    </EntryPaper>
  );
}

/** The entries of one public section of a trainee, one after another. */
export function PublicSectionEntries({ section, intern }: { section: PublicSection; intern: PublicIntern }) {
  let entries: ReactNode[];
  switch (section) {
    case 'PersonalInfo':
    case 'Supervisors':
      entries = intern[section].map((person) => (
        <EntryPaper key={person.Id}>
          <FieldList fields={personFields(section, person)} />
        </EntryPaper>
      ));
      break;
    case 'Internships':
      entries = intern.Internships.map((internship) => (
        <InternshipEntry key={internship.Id} internship={internship} />
      ));
      break;
    case 'InternshipSteps':
      entries = intern.InternshipSteps.map((steps) => <InternshipStepsEntry key={steps.Id} steps={steps} />);
      break;
  }
  return <Stack spacing={2}>{entries}</Stack>;
}
