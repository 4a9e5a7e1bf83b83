import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallers, type Callers } from '../../../test/api.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { zipOf } from '../../../test/change-files/workbooks.js';
import { importRows, upload } from '../../../test/uploads.js';
import { inflateEntry, readZipDirectory } from './formats/zip-archive.js';

/*
 * The template saved in the 1904 date system, as Excel 2013 and later or LibreOffice save it: `date1904="1"`
 * on the workbook's `workbookPr`, beside an `<x15:workbookPr>` of Excel's own in `<extLst>` that says nothing
 * of dates, and every date stored 1,462 days lower. Its dates must read as the clerk typed them.
 */

let t: TestApp;
let callers: Callers;
beforeAll(async () => {
  t = await buildTestApp();
  callers = await createCallers(t);
});
afterAll(() => t.close());

const DAYS_1900_TO_1904 = 1462;
const X15 = 'http://schemas.microsoft.com/office/spreadsheetml/2010/11/main';

/** The template's parts, the workbook and its sheet changed as a 1904 save changes them. */
function savedIn1904(template: Buffer): Buffer {
  const zip = readZipDirectory(template);
  let shifted = 0;
  const parts = [...zip.entries.values()]
    .filter((entry) => !entry.name.endsWith('/'))
    .map((entry) => {
      let text = inflateEntry(template, entry).toString('utf8');
      if (entry.name === 'xl/workbook.xml') {
        text = text
          .replace('<workbookPr ', '<workbookPr date1904="1" ')
          .replace(
            '</workbook>',
            `<extLst><ext uri="{140A7794-F9A2-4BF2-9E17-8A86232D2CB7}" xmlns:x15="${X15}"><x15:workbookPr chartTrackingRefBase="1"/></ext></extLst></workbook>`,
          );
      } else if (entry.name === 'xl/worksheets/sheet1.xml') {
        // The sample row's dates are the cells of the template's date style.
        const dateStyle = /<c r="E3" s="(\d+)"><v>/.exec(text)![1];
        text = text.replace(
          new RegExp(`(<c r="[A-Z]+3" s="${dateStyle}"><v>)(\\d+)(</v>)`, 'g'),
          (_, open: string, serial: string, close: string) => {
            shifted++;
            return `${open}${Number(serial) - DAYS_1900_TO_1904}${close}`;
          },
        );
      }
      return { name: entry.name, data: text };
    });
  expect(shifted).toBeGreaterThanOrEqual(5);
  return zipOf(parts);
}

describe('a change file in the 1904 date system', () => {
  it('reads the birth date and the other dates as typed, through the upload and the review', async () => {
    const template = (await t.app.inject({ url: '/api/v1/imports/template', headers: callers.asOperator }))
      .rawPayload;
    const response = await upload(t, '/api/v1/imports', callers.asOperator.cookie, [
      {
        field: 'data',
        content: JSON.stringify({
          organizationId: callers.organization.id,
          importSchools: false,
          number: '17-вх',
          date: '2026-11-21',
        }),
      },
      { field: 'file', name: 'изменения.xlsx', content: savedIn1904(template) },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const importId = response.json<{ Id: number }>().Id;
    const [row] = await importRows(t, callers.asOperator.cookie, importId, 'pending');
    const review = await t.app.inject({
      url: `/api/v1/imports/${importId}/changes/${row!.Id}`,
      headers: callers.asOperator,
    });
    expect(review.statusCode, review.body).toBe(200);
    const { PersonalInfo, Internship } = review.json<{
      PersonalInfo: { New: { DateOfBirth: string; Passport: { IssuedAt: string } } };
      Internship: { New: { StartedAt: string } };
    }>();
    expect(PersonalInfo.New.DateOfBirth).toBe('1995-04-12');
    expect(PersonalInfo.New.Passport.IssuedAt).toBe('2015-05-20');
    expect(Internship.New.StartedAt).toBe('2025-03-15');
  });
});
