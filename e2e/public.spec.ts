import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { publicListTitle } from './fixtures';
import {
  adminApi,
  createIntern,
  ensureSro,
  letterStamp,
  searchList,
  validSnils,
  type Sro,
} from './interns-data';

/*
 * The public registry and card as an anonymous visitor (docs/register-rules.md#the-public-card-and-list). The
 * trainees are made through the API by the admin in another context: the page itself is never logged in.
 */
const stamp = letterStamp();
const snils = validSnils('123456789');
// What the registry knows of the trainee and must never show the public.
const privateTexts = [
  snils,
  snils.replace(/\D/g, ''),
  '45 09',
  '654 321',
  'ОВД Тверского района',
  '1994-07-12',
  '1994.07.12',
  '+7 916 555-12-34',
  'private.person@example.org',
  'ул. Тверская',
  '+7 900 000-00-01',
  'supervisor.private@example.org',
];
let sro: Sro;
let internId: number;

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await adminApi(playwright.request, testInfo);
  sro = await ensureSro(api, 'СРО «Открытая палата кадастровых инженеров»', 721);
  internId = await createIntern(api, {
    lastName: 'Открытов',
    firstName: 'Пётр',
    patronymic: stamp,
    snils,
    personal: {
      DateOfBirth: '1994-07-12',
      Passport: {
        Series: '45 09',
        Number: '654 321',
        IssuedAt: '2014-08-01',
        IssuedBy: 'ОВД Тверского района',
      },
      Contacts: {
        PhoneNumber: '+7 916 555-12-34',
        PostalAddress: 'Москва, ул. Тверская, 7',
        EmailAddress: 'private.person@example.org',
      },
    },
    supervisors: [
      {
        LastName: 'Кузнецов',
        FirstName: 'Олег',
        PatronymicName: 'Иванович',
        CadastreNumber: '77-11-123',
        Contacts: { PhoneNumber: '+7 900 000-00-01', EmailAddress: 'supervisor.private@example.org' },
      },
    ],
    internships: [
      {
        sro,
        registryNumber: 'ОП-42',
        status: 0,
        StartedAt: '2024-03-01',
        Duration: 24,
        PauseInfo: [
          {
            PausedAt: '2024-06-01',
            PauseDuration: '2 мес.',
            PauseBasis: 'Заявление стажёра',
            Requisites: { Number: '5', Date: '2024-05-30' },
          },
        ],
        ResumeInfo: [{ ResumedAt: '2024-08-01', Requisites: { Number: '9', Date: '2024-07-30' } }],
      },
    ],
    steps: {
      EntryStep: { StartedAt: '2024-03-01', EndedAt: '2024-03-31', HasPassed: true, HasMaterials: true },
      Step1: { StartedAt: '2024-04-01', EndedAt: '2024-05-31', HasPassed: true, HasMaterials: false },
    },
  });
  // Another trainee with a SNILS of the same start: a part of a SNILS must find neither.
  await createIntern(api, {
    lastName: 'Закрытова',
    firstName: 'Анна',
    patronymic: stamp,
    snils: validSnils('123456788'),
    internships: [{ sro, registryNumber: 'ОП-43', status: 0 }],
  });
  await api.dispose();
});

const ourRows = (page: Page) => page.getByRole('row', { name: new RegExp(stamp) });
const sectionNav = (page: Page) => page.getByRole('navigation', { name: 'Разделы карточки' });

async function expectNothingPrivate(page: Page) {
  const text = await page.locator('body').innerText();
  for (const secret of privateTexts) expect(text, `the page shows ${secret}`).not.toContain(secret);
}

test('finds a trainee by the whole SNILS only, and by name, without filter or export', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: publicListTitle })).toBeVisible();
  await expect(page.getByText('Для поиска по СНИЛС введите его полностью')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Фильтр' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Выгрузить' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await searchList(page, snils.slice(0, 7));
  await expect(page.getByText('Стажёры не найдены')).toBeVisible();

  await searchList(page, snils.replace(/\D/g, ''));
  await expect(ourRows(page)).toHaveCount(1);
  await expect(ourRows(page)).toContainText(`Открытов Пётр ${stamp}`);
  await expect(ourRows(page)).toContainText(`${sro.Name} — ОП-42`);
  await expect(ourRows(page)).toContainText('Стажёр');
  await expectNothingPrivate(page);
  await expectNoSeriousA11yViolations(page);

  await searchList(page, `${stamp.toLowerCase()} петр`);
  await expect(ourRows(page)).toHaveCount(1);
  // No status tabs: the public list has no filter, and a status in its address changes nothing.
  await expect(page.getByRole('tab')).toHaveCount(0);
  await page.goto(`/?term=${encodeURIComponent(`${stamp.toLowerCase()} петр`)}&status=2`);
  await expect(ourRows(page)).toHaveCount(1);
  await page.getByRole('row', { name: /Открытов/ }).click();
  await expect(page).toHaveURL(new RegExp(`/public/${internId}(/personal-info)?$`));
  await expect(page.getByRole('heading', { level: 1, name: `Открытов Пётр ${stamp}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('shows the public sections of the card, and nothing private', async ({ page }) => {
  await page.goto(`/pub`);
  await searchList(page, `открытов ${stamp.toLowerCase()}`);
  await page.getByRole('link', { name: `Открытов Пётр ${stamp}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Открытов Пётр ${stamp}` })).toBeVisible();
  await expect(page.getByText(`${sro.Name} — ОП-42`)).toBeVisible();

  const titles = ['Персональные данные', 'Руководитель стажировки', 'Стажировка', 'Этапы стажировки'];
  await expect(sectionNav(page).getByRole('link')).toHaveText(titles);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(titles);

  const supervisor = page.getByRole('region', { name: 'Руководитель стажировки' });
  await expect(supervisor).toContainText('Кузнецов');
  await expect(supervisor).toContainText('Уникальный регистрационный номер77-11-123');
  const internship = page.getByRole('region', { name: 'Стажировка' });
  await expect(internship).toContainText('Уникальный идентификационный номерОП-42');
  await expect(internship).toContainText('Дата начала стажировки2024.03.01');
  await expect(internship).toContainText('Статус стажировкиПроводится');
  await expect(internship).toContainText('Решение о приостановлении№ 5 от 2024.05.30');
  await expect(internship).toContainText('Дата возобновления2024.08.01');
  const steps = page.getByRole('region', { name: 'Этапы стажировки' });
  await expect(steps.getByRole('row', { name: /Вводный этап/ })).toHaveText(
    'Вводный этап2024.03.012024.03.31ДаДа',
  );
  await expect(steps).toContainText('Стажировка пройденаНет');
  await expectNoSeriousA11yViolations(page);

  await expectNothingPrivate(page);
});

test('follows the scroll in the side navigation and the URL, without filling the history', async ({
  page,
}) => {
  await page.goto(`/public?term=${stamp.toLowerCase()}`);
  await expect(ourRows(page)).toHaveCount(2);
  await page.getByRole('row', { name: /Открытов/ }).click();
  const nav = sectionNav(page);
  await expect(nav.getByRole('link', { name: 'Персональные данные' })).toHaveAttribute(
    'aria-current',
    'location',
  );

  await nav.getByRole('link', { name: 'Этапы стажировки' }).click();
  await expect(page).toHaveURL(`/public/${internId}/internship-steps`);
  await expect(nav.getByRole('link', { name: 'Этапы стажировки' })).toHaveAttribute(
    'aria-current',
    'location',
  );
  await expect(nav.getByRole('link', { name: 'Персональные данные' })).not.toHaveAttribute('aria-current');

  // Scrolling by hand back to the top: the first section again.
  await page.mouse.move(900, 400);
  await page.mouse.wheel(0, -20_000);
  await expect(page).toHaveURL(`/public/${internId}/personal-info`);
  await expect(nav.getByRole('link', { name: 'Персональные данные' })).toHaveAttribute(
    'aria-current',
    'location',
  );

  // Reading the card left no history entries: Back returns to the list.
  await page.goBack();
  await expect(page).toHaveURL(`/public?term=${stamp.toLowerCase()}`);
});

test('opens at the section its URL names', async ({ page }) => {
  await page.goto(`/public/${internId}/internships`);
  await expect(page.getByRole('heading', { level: 2, name: 'Стажировка' })).toBeInViewport();
  await expect(page.getByRole('heading', { level: 2, name: 'Персональные данные' })).not.toBeInViewport();
  await expect(sectionNav(page).getByRole('link', { name: 'Стажировка' })).toHaveAttribute(
    'aria-current',
    'location',
  );
  await expect(page).toHaveURL(`/public/${internId}/internships`);
});

test('says a trainee that is not in the registry is not found', async ({ page }) => {
  await page.goto('/public/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Стажёр не найден' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'К реестру стажёров' }).click();
  await expect(page).toHaveURL('/public');
  await expect(page.getByRole('heading', { level: 1, name: publicListTitle })).toBeVisible();
});
