-- A new registry starts with the grounds on which an internship ends, as an operator would name them;
-- operators edit and extend the list in the dictionary 'Основания прекращения стажировки'.
INSERT INTO "dictionary_entries" ("code", "value") VALUES
  ('termination-reasons', 'Заявление стажёра'),
  ('termination-reasons', 'Прекращение трудового договора'),
  ('termination-reasons', 'Невыполнение программы стажировки'),
  ('termination-reasons', 'Превышение срока приостановления'),
  ('termination-reasons', 'Недостоверные сведения'),
  ('termination-reasons', 'Переход в другую СРО'),
  ('termination-reasons', 'Смерть стажёра'),
  ('termination-reasons', 'Решение суда'),
  ('termination-reasons', 'Исключение СРО из реестра'),
  ('termination-reasons', 'Иное');
