import {
  InternshipSchema,
  InternshipStepsSchema,
  PersonalInfoSchema,
  SupervisorSchema,
} from '@registry/shared';
import { z } from 'zod';
import type { ChangeFileColumn, ChangeFileSection } from '../rows/change-file-columns.js';

/*
 * The shared schemas of the four sections, taken apart for the reader. A row fills some forty of the
 * sections' hundred-odd fields; parsing each filled field with its own schema and putting it into a copy of
 * the section as the schema parses an empty one gives the very object the whole schema would give, at a
 * fraction of the cost (section-schemas.test.ts holds them equal). The only rule the schemas keep at
 * the level of a section, a supervisor employed by a legal entity needing its name, the reader checks
 * itself with its own message.
 */

const schemas: Record<ChangeFileSection, z.ZodType> = {
  PersonalInfo: PersonalInfoSchema,
  Supervisor: SupervisorSchema,
  Internship: InternshipSchema,
  InternshipSteps: InternshipStepsSchema,
};

/** The object schema inside defaults, prefaults and lists: where a field's schema is found. */
function objectOf(schema: z.ZodType): z.ZodObject {
  let node: z.ZodType = schema;
  while (!(node instanceof z.ZodObject)) {
    if (node instanceof z.ZodArray) node = node.element as z.ZodType;
    else if (node instanceof z.ZodDefault || node instanceof z.ZodPrefault) node = node.unwrap() as z.ZodType;
    else throw new Error(`no object schema inside ${node.constructor.name}`);
  }
  return node;
}

/** The schema of a column's field: `Passport.Series` in PersonalInfo, `PausedAt` of a PauseInfo entry. */
export function fieldSchema(column: ChangeFileColumn): z.ZodType {
  let node = schemas[column.section];
  for (const key of column.keys) {
    const field = objectOf(node).shape[key];
    if (!field) throw new Error(`${column.section} has no field ${column.path}`);
    node = field as z.ZodType;
  }
  return node;
}

// Required names must be present for a section to parse at all; every row that is kept has its own.
const placeholderName = { LastName: 'Шаблон', FirstName: 'Шаблон' };
const placeholderOrganization = { Id: 1, Name: 'Шаблон' };

/** Each section as its schema parses it when nothing is filled in. */
export const emptySections = {
  PersonalInfo: PersonalInfoSchema.parse({ Id: -1, ...placeholderName }),
  Supervisor: SupervisorSchema.parse({ Id: -1, ...placeholderName }),
  Internship: InternshipSchema.parse({ Id: -1, Organization: placeholderOrganization }),
  InternshipSteps: InternshipStepsSchema.parse({ Id: -1 }),
};

/** An entry of each list of the internship (PauseInfo, …) as its schema parses an empty one. */
export const emptyListEntries = Object.fromEntries(
  (['MiscInfo', 'PauseInfo', 'ResumeInfo', 'ContractInfo'] as const).map((list) => [
    list,
    objectOf(InternshipSchema.shape[list] as z.ZodType).parse({}),
  ]),
) as Record<'MiscInfo' | 'PauseInfo' | 'ResumeInfo' | 'ContractInfo', Record<string, unknown>>;

/** A deep copy of a section's plain data (objects, arrays, values), to fill in for one row. */
export function copyOf<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyOf) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const key in value) copy[key] = copyOf((value as Record<string, unknown>)[key]);
  return copy as T;
}
