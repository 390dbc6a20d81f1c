/**
 * The English catalogue: what the server says in Russian, keyed by the Russian text itself
 * (as gettext keys by the source string), so a call site keeps writing its Russian message
 * and the answer is translated in one place (`translate.ts`). `{}` is a hole: it matches any
 * text, which is translated in turn, and fills the English holes in order (`{1}` names a hole
 * by its place when English needs another order); `{when}` matches only a date label
 * ('22.11.2026 в 14:30', with its zone in brackets or not), for a hole that follows a name. `i18n.test.ts` finds every Russian string of
 * the files a client meets and checks that it comes out with no Russian left.
 */
export const EN: Readonly<Record<string, string>> = {
  // lib/errors.ts: the default message of every code
  'Некорректный запрос': 'Invalid request',
  'Проверьте правильность заполнения полей': 'Please check the fields',
  'Сеанс не найден или уже завершён': 'The session was not found or has already ended',
  'Это текущий сеанс: чтобы завершить его, нажмите «Выйти»': 'This is the current session: to end it, press “Sign out”',
  'Текущий пароль указан неверно': 'The current password is wrong',
  'Новый пароль совпадает с текущим': 'The new password is the same as the current one',
  'Подтвердите, что вы не робот: пройдите проверку в форме и отправьте её снова':
    'Confirm you are not a robot: complete the check in the form and send it again',
  'Проверка «Я не робот» не пройдена: пройдите её ещё раз и отправьте форму снова':
    'The “I am not a robot” check failed: complete it again and send the form again',
  'Войдите в аккаунт, чтобы продолжить': 'Sign in to continue',
  'Недостаточно прав для этого действия': 'You are not allowed to do this',
  'Сессия устарела: обновите страницу и повторите действие':
    'Your session is out of date: reload the page and try again',
  'Не найдено': 'Not found',
  'Конфликт с текущим состоянием данных': 'This conflicts with the current state of the data',
  'Слишком много попыток, попробуйте позже': 'Too many attempts, please try later',
  'Неверный e-mail или пароль': 'Wrong e-mail or password',
  'Этот e-mail уже зарегистрирован': 'This e-mail is already registered',
  'Этот пароль слишком распространён, выберите другой': 'This password is too common, choose another one',
  'Нужно согласие на обработку персональных данных': 'Your consent to the processing of personal data is required',
  'Условия обновились: прочитайте и примите новую версию согласия, чтобы продолжить':
    'The terms have changed: read and accept the new version of the consent to continue',
  'Это время уже занято': 'This time is already taken',
  'Это время недоступно для записи: выберите другое': 'This time cannot be booked: choose another one',
  'Время удержания истекло: выберите время заново': 'The hold has expired: choose a time again',
  'Слишком поздно для этого действия': 'It is too late for this',
  'Чтобы записаться, купите абонемент': 'Buy a pass to book a session',
  'Платёжная система сейчас недоступна, попробуйте ещё раз через минуту':
    'The payment system is unavailable right now, try again in a minute',
  'Цена изменилась: обновите страницу и проверьте сумму': 'The price has changed: reload the page and check the amount',
  'Промокод не подходит': 'This promo code does not apply',
  'Сотруднику запрещено использовать любой промокод': 'This employee may not use any promo code',
  'Сервис временно недоступен. Повторите попытку через минуту':
    'The service is temporarily unavailable. Try again in a minute',
  'Что-то пошло не так. Мы уже разбираемся': 'Something went wrong. We are looking into it',

  // lib/captcha.ts
  'Не удалось проверить «Я не робот»: сервис проверки не отвечает. Попробуйте ещё раз через минуту':
    'The “I am not a robot” check could not be verified: its service does not answer. Try again in a minute',

  // plugins
  'Некорректное значение': 'Invalid value',
  'Слишком большой запрос': 'The request is too large',
  'Слишком длинный адрес запроса': 'The request address is too long',
  'Неподдерживаемый тип содержимого запроса': 'Unsupported request content type',
  'Слишком большие заголовки запроса': 'The request headers are too large',
  'Тело запроса не является корректным JSON': 'The request body is not valid JSON',
  'Тело запроса принимается только как {}': 'The request body is accepted only as {}',
  'Запрос отправлен с другого сайта и отклонён': 'The request came from another site and was refused',
  'Слишком много попыток. Попробуйте снова через {} с': 'Too many attempts. Try again in {} s',
  'Текст содержит недопустимые символы': 'The text contains characters that are not allowed',
  'Выберите язык: ru или en': 'Choose a language: ru or en',
  'Инструменты разработки доступны только с этого компьютера': 'The development tools are open to this computer only',
  'Адрес запроса содержит недопустимые символы': 'The request address contains characters that are not allowed',
  'Запрос не был получен вовремя': 'The request did not arrive in time',
  'Некорректный HTTP-запрос': 'Invalid HTTP request',
  'Метрики доступны только с разрешённых адресов': 'Metrics are open to allowed addresses only',
  'Терапия онлайн API': 'Therapy Online API',

  // words after a number, on their own (with a number, EN_COUNTED below picks one or other)
  сессия: 'session',
  сессию: 'session',
  сессии: 'sessions',
  сессий: 'sessions',
  час: 'hour',
  часа: 'hours',
  часов: 'hours',
  минута: 'minute',
  минуты: 'minutes',
  минут: 'minutes',
  год: 'year',
  года: 'years',
  лет: 'years',

  // auth
  'Вы зарегистрированы как клиент: войдите на странице входа для клиентов':
    'You are registered as a client: sign in on the client sign-in page',
  'Вы зарегистрированы как психолог: войдите на странице входа для психологов':
    'You are registered as a therapist: sign in on the therapist sign-in page',
  'Вы зарегистрированы как компания: войдите на странице входа для компаний':
    'You are registered as a company: sign in on the company sign-in page',
  'Слишком много неудачных попыток входа в этот аккаунт. Попробуйте снова через {} с':
    'Too many failed sign-in attempts for this account. Try again in {} s',
  'Укажите e-mail': 'Enter your e-mail',
  'Слишком длинный e-mail': 'The e-mail is too long',
  'Укажите корректный e-mail': 'Enter a valid e-mail',
  'Укажите пароль': 'Enter a password',
  'Пароль должен быть не короче {} символов': 'The password must be at least {} characters long',
  'Пароль должен быть не длиннее {} символов': 'The password must be at most {} characters long',
  'Укажите имя': 'Enter your name',
  'Нужно согласие на обработку персональных данных и данных о здоровье':
    'Your consent to the processing of personal and health data is required',
  'Текст согласия обновился: обновите страницу и подтвердите согласие снова':
    'The consent text has changed: reload the page and give your consent again',
  'Текст согласия обновился': 'The consent text has changed',

  // booking
  'Конец периода раньше его начала': 'The end of the period is before its start',
  'Период не длиннее {}': 'The period may be at most {}',
  'Укажите психолога': 'Choose a therapist',
  'Не больше 500 символов': 'At most 500 characters',
  'Некорректный идентификатор сессии': 'Invalid session id',
  'Укажите время в формате ISO 8601, например 2026-11-22T11:30:00Z':
    'Give the time in ISO 8601, e.g. 2026-11-22T11:30:00Z',
  'Это время уже прошло': 'This time has already passed',
  'Записаться можно не позднее чем за {} до начала': 'You can book no later than {} before the start',
  'В это время психолог не принимает: выберите время из свободных':
    'The therapist does not work at this time: choose one of the free times',
  'Этот абонемент не подходит для этой сессии': 'This pass does not fit this session',
  'Эту сессию нельзя забронировать': 'This session cannot be booked',
  'Психолог не найден': 'Therapist not found',
  'Чтобы записаться, купите абонемент: подходящего абонемента с оставшимися сессиями нет':
    'Buy a pass to book: you have no fitting pass with sessions left',
  'Не удалось забронировать сессию, попробуйте ещё раз': 'Could not book the session, please try again',
  'Бесплатная отмена до {}': 'Free cancellation until {}',
  'Сессия будет списана': 'The session will be charged',
  'Сессия уже началась': 'The session has already started',
  'Сессия состоялась': 'The session took place',
  'Сессия отменена без списания': 'The session was cancelled free of charge',
  'Сессия отменена и списана': 'The session was cancelled and charged',
  'Сессия пропущена': 'The session was missed',
  'Сессия перенесена на другое время': 'The session was moved to another time',
  'Время удержания истекло': 'The hold has expired',
  'До начала меньше 24 часов: после записи отмена будет платной':
    'Less than 24 hours before the start: once booked, cancelling will be charged',
  'Сессия отменена и вернулась в абонемент': 'The session was cancelled and returned to your pass',
  'Сессия уже началась или прошла: отменить её нельзя': 'The session has started or is over: it cannot be cancelled',
  'Время освобождено': 'The time has been released',
  'Эта сессия уже не активна: отменять нечего': 'This session is no longer active: there is nothing to cancel',
  'Психолог не проводит {} терапию': 'The therapist does not offer {}',
  индивидуальную: 'individual therapy',
  парную: 'couples therapy',
  'Психолог сейчас не принимает новых клиентов': 'The therapist is not taking new clients right now',
  'Повторите выбор времени': 'Choose the time again',
  'Сессия не найдена': 'Session not found',
  'Перенести сессию можно не позднее чем за 24 часа до начала':
    'A session can be moved no later than 24 hours before the start',
  'Перенести можно только запланированную сессию': 'Only a scheduled session can be moved',
  'Сессия уже началась или прошла': 'The session has started or is over',
  'Сессия уже назначена на это время': 'The session is already at this time',
  'Выберите другое время': 'Choose another time',
  'Клиент не найден': 'Client not found',
  // lib/person-name.ts, modules/erasure
  'Клиент удалил аккаунт': 'The client deleted their account',
  'Аккаунт удалён': 'Account deleted',
  'Пароль указан неверно': 'The password is wrong',
  'Аккаунт уже удалён': 'The account has already been deleted',
  'Сессия {} отменена: клиент удалил аккаунт': 'Session on {} cancelled: the client deleted their account',
  'Клиент удалил аккаунт, поэтому сессия {} отменена. Это время снова свободно.':
    'The client deleted their account, so the session on {} is cancelled. This time is free again.',
  'Его анкета и записи о сессиях с ним удалены вместе с аккаунтом; время прошедших сессий осталось в вашей статистике без имени.':
    'Their questionnaire and the notes on your sessions with them were deleted with the account; the times of past sessions stay in your statistics without a name.',
  // modules/notifications/render-partner-erased.ts
  'Парная сессия {}: аккаунт партнёра удалён': 'Couple session on {}: your partner’s account was deleted',
  'Ваш партнёр удалил свой аккаунт, поэтому больше не подключится со своего аккаунта к парной сессии с психологом {} {when}.':
    'Your partner deleted their account, so they will no longer join the couple session with {} on {} from their own account.',
  'Сессия остаётся за вами: время и абонемент не изменились. Перенести или отменить её можно на странице сессии.':
    'The session stays yours: its time and your pass are unchanged. You can move or cancel it on the session’s page.',
  'Парная сессия {}: партнёр клиента удалил аккаунт':
    'Couple session on {}: the client’s partner deleted their account',
  'Партнёр клиента {} удалил аккаунт. Сессия {when} остаётся в расписании: её записал и оплатил клиент, а партнёр больше не подключится со своего аккаунта.':
    'The partner of client {} deleted their account. The session on {} stays in your schedule: the client booked and paid for it, and the partner will no longer join from their own account.',
  'Записи о парных сессиях с этим партнёром (чат, ваши заметки и формы после сессий) удалены вместе с его аккаунтом; время сессий осталось в вашей статистике.':
    'The records of the couple sessions with this partner (chat, your notes and post-session forms) were deleted with their account; the session times stay in your statistics.',

  // promo codes
  'Введите промокод': 'Enter a promo code',
  'Слишком длинный промокод': 'The promo code is too long',
  'Такого промокода нет: проверьте, правильно ли он введён': 'There is no such promo code: check how you typed it',
  'Этот промокод больше не действует': 'This promo code is no longer valid',
  'Этот промокод ещё не начал действовать': 'This promo code is not valid yet',
  'Срок действия промокода истёк': 'This promo code has expired',
  'Этот промокод уже использовали максимальное число раз': 'This promo code has been used the maximum number of times',
  'Вы уже использовали этот промокод': 'You have already used this promo code',
  'Промокод действует только при оплате {}': 'This promo code applies only to payments {}',
  'в рублях': 'in roubles',
  'в евро': 'in euros',

  // purchases, payments, checkout
  'Укажите валюту: rub или eur': 'Choose a currency: rub or eur',
  'Выберите способ оплаты: cloud_payments (рубли) или stripe (евро)':
    'Choose a payment method: cloud_payments (roubles) or stripe (euros)',
  'Сумма должна быть числом': 'The amount must be a number',
  'Сумма указывается целым числом в копейках или центах': 'The amount is a whole number of kopecks or cents',
  'Сумма не может быть отрицательной': 'The amount cannot be negative',
  'Сумма платежа не совпадает с суммой покупки: покупка не оплачена':
    'The payment amount does not match the purchase: the purchase is not paid',
  'Время на оплату истекло': 'The time to pay has run out',
  'Абонемент не найден': 'Pass not found',
  'Нужен заголовок Idempotency-Key: случайная строка, одна на попытку покупки':
    'The Idempotency-Key header is required: a random string, one per purchase attempt',
  'Idempotency-Key должен быть не короче 8 символов': 'Idempotency-Key must be at least 8 characters long',
  'Idempotency-Key должен быть не длиннее 200 символов': 'Idempotency-Key must be at most 200 characters long',
  'Idempotency-Key может содержать только латинские буквы, цифры и знаки':
    'Idempotency-Key may hold only Latin letters, digits and punctuation',
  'Некорректный Idempotency-Key': 'Invalid Idempotency-Key',
  'Этот абонемент больше не продаётся': 'This pass is no longer on sale',
  'Способ оплаты не подходит к валюте: cloud_payments — рубли, stripe — евро':
    'The payment method does not fit the currency: cloud_payments is roubles, stripe is euros',
  'Сумма к оплате сейчас {}, а не {}: цена или скидка изменились. Проверьте сумму и повторите':
    'The amount due is now {}, not {}: the price or discount has changed. Check the amount and try again',
  'Этот Idempotency-Key уже использован для другой покупки: начните покупку заново':
    'This Idempotency-Key was already used for another purchase: start the purchase again',
  'Покупка не найдена': 'Purchase not found',
  'Это время не удерживается за вами: выберите время заново': 'This time is not held for you: choose a time again',
  'Этот абонемент не подходит для выбранной сессии: нужен абонемент того же уровня психолога и вида терапии':
    'This pass does not fit the chosen session: it needs a pass of the same therapist level and therapy type',
  'Нет выбранного времени сессии': 'No session time chosen',
  'Нет выбранного времени сессии: выберите психолога и время, и вернитесь к оплате':
    'No session time chosen: choose a therapist and a time, then come back to pay',
  'Для этой сессии сейчас нельзя оплатить разовую сессию: выберите абонемент':
    'A single session cannot be paid for this session now: choose a pass',
  'Сохранённой карты нет': 'There is no saved card',
  'Абонемент на {}: {}, {}': 'Pass for {}: {}, {}',
  'индивидуальная терапия': 'individual therapy',
  'парная терапия': 'couples therapy',
  психолог: 'therapist',
  'опытный психолог': 'senior therapist',
  эксперт: 'expert',

  // sign-up questionnaire
  'Психолог — доступная цена': 'Therapist: affordable price',
  'Опытный психолог': 'Senior therapist',
  'Эксперт — опыт от 10 лет': 'Expert: 10+ years of practice',
  'Что происходит в ваших отношениях?': 'What is happening in your relationship?',
  'Что вас беспокоит?': 'What is troubling you?',
  'Можно выбрать несколько вариантов': 'You can choose several',
  'Пол психолога': "Therapist's sex",
  'Не важно': 'Does not matter',
  Женский: 'Female',
  Мужской: 'Male',
  'Возраст психолога': "Therapist's age",
  'Оставьте пустым, если не важно': 'Leave empty if it does not matter',
  'Язык сессий': 'Session language',
  'Стоимость сессии': 'Session price',
  'Подход, который вам интересен': 'The approach you are interested in',
  'Если не знаете — пропустите, мы подберём сами': 'If you are not sure, skip it: we will choose for you',
  'Неизвестный часовой пояс': 'Unknown time zone',
  'Выберите темы из списка': 'Choose topics from the list',
  'Выберите языки из списка': 'Choose languages from the list',
  'Выберите подходы из списка': 'Choose approaches from the list',
  'Минимальный возраст больше максимального': 'The minimum age is greater than the maximum',
  'Чтобы подобрать психолога, выберите вид терапии и хотя бы одну тему':
    'To find a therapist, choose a therapy type and at least one topic',
  'Выберите вид терапии': 'Choose a therapy type',
  'Выберите хотя бы одну тему': 'Choose at least one topic',
  'Сервис доступен с 18 лет': 'The service is for people aged 18 and over',
  'Укажите возраст числом': 'Give the age as a number',
  'Укажите возраст целым числом': 'Give the age as a whole number',
  'Проверьте возраст': 'Check the age',
  'Выберите не больше 30 тем': 'Choose at most 30 topics',
  'Слишком длинное имя': 'The first name is too long',
  'Слишком длинная фамилия': 'The last name is too long',
  'Дата должна быть между {} и {} годом': 'The date must be between the years {} and {}',

  // matching: why a therapist suits the client
  'Работает с парами': 'Works with couples',
  'Женщина, как вы и хотели': 'A woman, as you wished',
  'Мужчина, как вы и хотели': 'A man, as you wished',
  'Чтобы подобрать психолога, ответьте на вопросы анкеты: вид терапии и темы':
    'To find a therapist, answer the questionnaire: therapy type and topics',
  'Работает с темами: {}': 'Works with: {}',
  'Практикует: {}': 'Practises: {}',
  'Опыт работы {}': '{} of experience',
  'Работает с клиентами вашего возраста ({})': 'Works with clients of your age ({})',
  'Проводит сессии на языке: {}': 'Holds sessions in: {}',

  // the client's dashboard widgets
  'Расскажите о себе': 'Tell us about yourself',
  'Ответьте на несколько вопросов, и мы подберём психолога, который вам подойдёт.':
    'Answer a few questions and we will find a therapist who suits you.',
  'Заполнить анкету': 'Fill in the questionnaire',
  'Подбор психолога': 'Finding a therapist',
  'Для вас подобрано психологов: {}.': 'Therapists matched for you: {}.',
  'Подберём психолога по вашим ответам.': 'We will find a therapist from your answers.',
  'Посмотреть психологов': 'See therapists',
  'Ближайшая сессия': 'Next session',
  'С психологом {}': 'With therapist {}',
  'Перейти к сессии': 'Go to the session',
  'Запишитесь на сессию': 'Book a session',
  'Выберите удобное время у психолога {}.': 'Choose a convenient time with {}.',
  'Выбрать время': 'Choose a time',
  'Сессии оплачивает работодатель': 'Your employer pays for your sessions',
  '{} оплачивает ваши сессии с психологом.': '{} pays for your therapy sessions.',
  Абонемент: 'Pass',
  'Осталось {}.': '{} left.',
  'Купить ещё': 'Buy more',
  'Абонемент на несколько сессий выходит выгоднее разовой оплаты.':
    'A pass of several sessions costs less than paying for each one.',
  'Выбрать абонемент': 'Choose a pass',
  'Ваш путь': 'Your journey',
  'Проведено {}.': '{} held.',

  // mails (modules/notifications): the paragraphs and subjects as rendered, translated whole
  '— Команда «Терапия онлайн»': '— The Therapy Online team',
  'Здравствуйте, {}!': 'Hello, {}!',
  'Здравствуйте!': 'Hello!',
  'уважаемый клиент': 'dear client',
  'Индивидуальная терапия': 'Individual therapy',
  'Парная терапия': 'Couples therapy',
  'Когда: {when}, {}. {}, видеосессия на платформе.': 'When: {}, {}. {}, a video session on the platform.',
  'Перенести или отменить сессию бесплатно можно до {}. Позже сессия будет списана.':
    'You can move or cancel the session free of charge until {}. Later the session will be charged.',
  'В абонементе осталось: {}.': 'Left in your pass: {}.',
  'Записаться на другое время: {}': 'Book another time: {}',
  'Абонементы: {}': 'Passes: {}',
  'Личный кабинет: {}': 'Your account: {}',
  'Начать сессию: {}': 'Start the session: {}',
  'Сессия: {}': 'Session: {}',
  'Психолог: {}. Клиент: {}.': 'Therapist: {}. Client: {}.',
  'Вы записаны на сессию {}': 'You are booked for a session on {}',
  'Вы записаны на сессию с психологом {}.': 'You are booked for a session with {}.',
  'Мы напомним о сессии за 24 часа и за 1 час до начала. Файл для календаря — во вложении.':
    'We will remind you 24 hours and 1 hour before the start. A calendar file is attached.',
  'Новая запись: {}': 'New booking: {}',
  'К вам записался клиент: {}.': 'A client has booked you: {}.',
  'Мы напомним о сессии за 24 часа и за 1 час до начала. Звонок откроется за 10 минут до начала.':
    'We will remind you 24 hours and 1 hour before the start. The call opens 10 minutes before the start.',
  'Сессия вернулась в абонемент: в нём {}.': 'The session is back in your pass: it has {}.',
  'До начала оставалось меньше 24 часов, поэтому сессия списана из абонемента.':
    'It was less than 24 hours before the start, so the session has been charged to your pass.',
  'Психолог {} отменила сессию {}.': 'Your therapist {} cancelled the session on {}.',
  'Психолог {} отменил сессию {}.': 'Your therapist {} cancelled the session on {}.',
  'Психолог {} {} сессию {}.': 'Your therapist {0} cancelled the session on {2}.',
  'Ваша сессия с психологом {} {when} отменена.': 'Your session with {} on {} has been cancelled.',
  'Сессия {} отменена': 'Session on {} cancelled',
  'Записаться на другое время можно в личном кабинете.': 'You can book another time in your account.',
  'Клиент отменил сессию {}': 'A client cancelled the session on {}',
  'Клиент {} отменил сессию {}. Это время снова свободно.':
    'Client {} cancelled the session on {}. This time is free again.',
  'Сессия перенесена на {}': 'Session moved to {}',
  'Ваша сессия с психологом {} перенесена с {} на {}.': 'Your session with {} has been moved from {} to {}.',
  'Обновлённый файл для календаря — во вложении: он заменит прежнюю запись.':
    'An updated calendar file is attached: it replaces the earlier entry.',
  'Сессия перенесена: {}': 'Session moved: {}',
  'Клиент {} перенёс сессию с {} на {}.': 'Client {} moved the session from {} to {}.',
  'Напоминание: сессия через {}': 'Reminder: session in {}',
  'Через {} у вас сессия с психологом {}.': 'In {} you have a session with {}.',
  'Подключитесь из личного кабинета за несколько минут до начала и проверьте камеру и микрофон.':
    'Join from your account a few minutes before the start and check your camera and microphone.',
  'Бесплатно перенести или отменить эту сессию уже нельзя: до начала меньше 24 часов.':
    'This session can no longer be moved or cancelled free of charge: it starts in less than 24 hours.',
  'Напоминание: сессия с клиентом через {}': 'Reminder: session with a client in {}',
  'Через {} у вас сессия с клиентом {}.': 'In {} you have a session with client {}.',
  'Эта сессия не списана.': 'This session has not been charged.',
  'Сессия {} не состоялась': 'The session on {} did not take place',
  'Психолог {} не подключилась к сессии {}. Приносим извинения.':
    'Your therapist {} did not join the session on {}. We apologise.',
  'Психолог {} не подключился к сессии {}. Приносим извинения.':
    'Your therapist {} did not join the session on {}. We apologise.',
  'Психолог {} не {} к сессии {}. Приносим извинения.':
    'Your therapist {0} did not join the session on {2}. We apologise.',
  'Оплата получена: {}': 'Payment received: {}',
  'Спасибо! Мы получили оплату абонемента.': 'Thank you! We have received your payment for the pass.',
  'Абонемент: {}, {}.': 'Pass: {}, {}.',
  'Сумма: {} (полная цена {}, скидка по промокоду {}).': 'Amount: {} (full price {}, promo code discount {}).',
  'Сумма: {}.': 'Amount: {}.',
  'Дата оплаты: {}.': 'Paid on: {}.',
  'Абонемент действует до {}.': 'The pass is valid until {}.',
  'Номер покупки: {}.': 'Purchase number: {}.',
  '{} оплачивает вам сессии с психологом': '{} pays for your therapy sessions',
  '{} подключила вас к программе психологической поддержки: компания оплачивает ваши сессии с психологом.':
    '{} has enrolled you in its psychological support programme: the company pays for your therapy sessions.',
  'Зарегистрируйтесь с этим адресом ({}), чтобы подобрать психолога и записаться.':
    'Sign up with this address ({}) to find a therapist and book.',
  'Работодатель не видит, с кем и о чём вы говорите. При регистрации вы сами решите, показывать ли ему число ваших сессий.':
    'Your employer does not see whom you talk to or about what. When you sign up, you decide whether to show them how many sessions you have.',
  'Регистрация: {}': 'Sign up: {}',
  'До начала меньше {} часов, поэтому бесплатно отменить или перенести эту сессию уже нельзя: при отмене она будет списана.':
    'It is less than {} hours before the start, so this session can no longer be cancelled or moved free of charge: if cancelled, it will be charged.',
  'Сессия в личном кабинете: {}': 'The session in your account: {}',
  'Подключиться к сессии: {}': 'Join the session: {}',
  'Карточка клиента: {}': "The client's card: {}",
  'Психолог: {}. Клиент: {}. {}': 'Therapist: {}. Client: {}. {}',
  'Записаться на другое время': 'Book another time',
  'Подключитесь за несколько минут до начала и проверьте камеру и микрофон: звонок откроется за 10 минут до начала.':
    'Join a few minutes before the start and check your camera and microphone: the call opens 10 minutes before the start.',
  Психолог: 'Therapist',
  Эксперт: 'Expert',
  'Уровень психолога: «{}». Абонемент оплачивает сессии только с психологами этого уровня.':
    'Therapist level: “{}”. The pass pays for sessions with therapists of this level only.',
  Абонементы: 'Passes',
  'Архив не найден': 'Archive not found',
  'Срок хранения архива истёк: ссылка действует 7 дней. Запросите архив заново.':
    'The archive has expired: the link works for 7 days. Ask for a new archive.',
  'Архив ещё собирается: скачать его можно, когда он будет готов':
    'The archive is still being built: you can download it once it is ready',
  'Этого больше нет: срок хранения истёк': 'This is gone: its storage period has ended',
  'Архив с вашими данными готов': 'Your data archive is ready',
  'Архив со всеми данными, которые мы храним о вас, собран: профиль, анкета, сессии, оплаты, согласия и журнал доступа.':
    'The archive of all the data we hold about you is ready: profile, questionnaire, sessions, payments, consents and the access log.',
  'Скачать его можно {} дней, до {when}, только войдя в свой аккаунт. Потом файл будет удалён.':
    'You can download it for {} days, until {}, only while signed in to your account. Then the file is deleted.',
  'Если вы не запрашивали архив, смените пароль и завершите другие сеансы входа в настройках.':
    'If you did not ask for the archive, change your password and end your other sessions in the settings.',
  'Мои данные': 'My data',
  'Мои данные: {}': 'My data: {}',
};

/**
 * Russian words after a number, with their English ones: `3 сессии` → `3 sessions`.
 * (The Russian forms come from `plural.ts`; English needs only one and other.)
 */
export const EN_COUNTED: Readonly<Record<string, readonly [one: string, other: string]>> = {
  сессия: ['session', 'sessions'],
  сессии: ['session', 'sessions'],
  сессий: ['session', 'sessions'],
  сессию: ['session', 'sessions'],
  год: ['year', 'years'],
  года: ['year', 'years'],
  лет: ['year', 'years'],
  час: ['hour', 'hours'],
  часа: ['hour', 'hours'],
  часов: ['hour', 'hours'],
  минута: ['minute', 'minutes'],
  минуты: ['minute', 'minutes'],
  минут: ['minute', 'minutes'],
  минуту: ['minute', 'minutes'],
  дня: ['day', 'days'],
  дней: ['day', 'days'],
  день: ['day', 'days'],
};
