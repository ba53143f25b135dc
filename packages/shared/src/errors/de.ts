import type { ErrorTexts } from '../errors.js';

/** The error catalogue in German; `{name}` placeholders are filled by the caller. */
export default {
  // session and transport
  unauthorized: 'Bitte melden Sie sich erneut an',
  bad_request: 'Die Anfrage konnte nicht gelesen werden',
  not_found: 'Diese Funktion gibt es nicht',
  payload_too_large: 'Die Übertragung ist zu groß',
  internal: 'Bei uns ist etwas schiefgelaufen, bitte versuchen Sie es später erneut',
  rate_limited: 'Zu viele Anfragen, bitte versuchen Sie es später erneut',
  rate_limited_wait: 'Zu viele fehlgeschlagene Versuche, bitte versuchen Sie es in {seconds} s erneut',
  unavailable: 'Der Dienst startet gerade neu, bitte versuchen Sie es gleich noch einmal',
  // validation (spec §5)
  fields_required: 'Bitte füllen Sie alle Felder aus',
  email_required: 'Bitte E-Mail-Adresse eingeben',
  email_format: 'Ungültiges E-Mail-Format',
  password_required: 'Bitte Passwort eingeben',
  password_weak: 'Das Passwort muss 8 bis 64 Zeichen lang sein und mindestens einen Buchstaben und eine Ziffer enthalten',
  confirm_password_required: 'Bitte Passwort bestätigen',
  password_mismatch: 'Die beiden Passwörter stimmen nicht überein',
  code_required: 'Bitte den E-Mail-Code eingeben',
  code_format: 'Der E-Mail-Code besteht aus 6 Ziffern',
  invite_required: 'Der Einladungscode darf nicht leer sein',
  nickname_required: 'Bitte Spitznamen eingeben',
  nickname_too_long: 'Der Spitzname darf höchstens 32 Zeichen haben',
  old_password_required: 'Bitte aktuelles Passwort eingeben',
  password_same: 'Das neue Passwort muss sich vom aktuellen unterscheiden',
  phone_required: 'Bitte Telefonnummer eingeben',
  phone_format: 'Ungültiges Telefonnummernformat',
  amount_required: 'Bitte Betrag eingeben',
  amount_format: 'Bitte einen Betrag größer als 0 mit höchstens 2 Nachkommastellen eingeben',
  credentials_required: 'Bitte den Nachweis hochladen',
  invalid_value: 'Ein Feld hat einen ungültigen Wert',
  page_invalid: 'Ungültige Seite oder Seitengröße',
  amount_too_big: 'Ein Betrag darf höchstens 999.999.999.999,99 sein',
  price_too_big: 'Ein Preis darf höchstens 9 Stellen vor dem Komma haben',
  // accounts
  code_wrong: 'Der E-Mail-Code ist falsch',
  code_expired: 'Der E-Mail-Code ist abgelaufen oder wurde nicht angefordert, bitte einen neuen anfordern',
  code_resend_wait: 'Bitte warten Sie {seconds} s, bevor Sie einen neuen Code anfordern',
  email_taken: 'Diese E-Mail-Adresse ist bereits registriert',
  invite_unknown: 'Diesen Einladungscode gibt es nicht',
  login_failed: 'E-Mail-Adresse oder Passwort falsch',
  old_password_wrong: 'Das aktuelle Passwort ist falsch',
  account_frozen: 'Dieses Konto ist gesperrt, bitte wenden Sie sich an den Kundendienst',
  code_burned: 'Zu viele Fehlversuche, bitte einen neuen Code anfordern',
  // money
  insufficient_balance: 'Ihr verfügbares Guthaben reicht nicht aus',
  amount_too_small: 'Der Betrag muss mindestens {min} USDT sein',
  amount_too_large: 'Der Betrag darf höchstens {max} USDT sein',
  no_payout_account: 'Bitte zuerst ein Auszahlungskonto verknüpfen',
  withdraw_locked:
    'Nach einer Passwortänderung oder dem Ausschalten der Zwei-Faktor-Authentifizierung sind Auszahlungen, Verkaufsangebote, Freigaben und Verkäufe an Händler 24 Stunden gesperrt; bitte in {hours} h erneut versuchen',
  record_not_found: 'Diesen Eintrag gibt es nicht',
  state_conflict: 'Dieser Vorgang wurde bereits bearbeitet',
  network_unavailable: 'Dieses Netzwerk ist für Aufladungen nicht verfügbar',
  upload_type: 'Bitte ein JPEG-, PNG- oder WebP-Bild hochladen',
  upload_too_large: 'Das Bild darf höchstens 5 MB groß sein',
  iban_format: 'Ungültige IBAN',
  swift_format: 'Ungültiger SWIFT/BIC-Code',
  tx_hash_format: 'Der Transaktions-Hash hat ein ungültiges Format',
  reason_required: 'Bitte einen Grund angeben',
  reference_required: 'Bitte die Auszahlungsreferenz angeben',
  address_format: 'Bitte eine gültige Empfangsadresse eingeben',
  address_type_taken: 'Für dieses Netzwerk gibt es bereits eine Empfangsadresse',
  upload_used: 'Dieser Screenshot belegt bereits eine andere Aufladung; bitte einen neuen hochladen',
  // payout accounts
  payout_accounts_limit:
    'Sie können höchstens {max} Auszahlungskonten verknüpfen; entfernen Sie zuerst ein Konto, das Sie nicht mehr nutzen',
  payout_account_pending:
    'Eine Auszahlung auf dieses Konto (Auszahlung oder Verkauf) wird gerade geprüft; Sie können das Konto ändern oder entfernen, sobald sie abgeschlossen oder abgelehnt ist',
  merchant_inactive: 'Dieser Händler kauft derzeit nicht',
  merchant_quantity_short: 'Der Händler kauft nur noch {max} USDT',
  payout_kind_not_accepted: 'Dieser Händler zahlt nicht auf diese Kontoart aus; bitte wählen Sie ein anderes Auszahlungskonto',
  merchant_offer_changed: 'Dieses Angebot hat sich inzwischen geändert; bitte prüfen Sie es und versuchen Sie es erneut',
  // trading between customers
  listing_not_open: 'Dieses Angebot ist nicht mehr offen',
  listing_own: 'Sie können nicht aus Ihrem eigenen Angebot kaufen',
  listing_quantity_short: 'Dieses Angebot hat nur noch {max} USDT',
  listing_has_trades: 'Zu diesem Angebot laufen noch Trades; Sie können es zurückziehen, sobald sie abgeschlossen sind',
  trade_cancel_limit:
    'Sie haben innerhalb von 24 Stunden 3 Trades abgebrochen oder verfallen lassen; Sie können ab {until} wieder kaufen',
  trade_pay_expired: 'Die Zahlungsfrist für diesen Trade ist abgelaufen',
  trade_state_changed: 'Dieser Trade hat sich inzwischen geändert; bitte laden Sie ihn neu',
  trade_buyer_only: 'Nur der Käufer kann das tun',
  trade_seller_only: 'Nur der Verkäufer kann das tun',
  listing_max_over_quantity: 'Das Maximum pro Trade darf die angebotene Menge ({max} USDT) nicht übersteigen',
  listing_changed: 'Dieses Angebot hat sich inzwischen geändert; bitte prüfen Sie es und versuchen Sie es erneut',
  chat_closed: 'Dieser Handel ist beendet; der Chat kann gelesen, aber nicht mehr beschrieben werden',
  trade_not_disputed: 'Zu diesem Handel läuft (nicht mehr) kein Streitfall',
  chat_image_used: 'Dieses Bild wurde bereits verwendet; bitte laden Sie es erneut hoch',
  // team and customer service
  kefu_link_format: 'Der Link muss mit https://, http://, mailto: oder tg:// beginnen',
  kefu_channel_unknown: 'Wählen Sie einen Kanal aus der Liste',
  team_level_invalid: 'Die Teamebene muss 1, 2 oder 3 sein',
  // operators
  totp_required: 'Bitte den 6-stelligen Authenticator-Code eingeben',
  operator_login_failed: 'E-Mail, Passwort oder Authenticator-Code falsch',
  forbidden: 'Ihre Rolle darf das nicht',
  operator_exists: 'Ein Operator mit dieser E-Mail-Adresse existiert bereits',
  invite_code_taken: 'Dieser Einladungscode wird bereits verwendet',
  url_format: 'Bitte eine vollständige http(s)-Adresse eingeben',
  checkpoint_format: 'Ein Prüfpunkt besteht aus einer Eintragsnummer, einem Doppelpunkt und 64 Hex-Zeichen',
  // interest wallet
  interest_id_required: 'Bitte wählen Sie ein Zinsprodukt',
  interest_amount_required: 'Bitte geben Sie den Anlagebetrag ein',
  interest_product_inactive: 'Dieses Zinsprodukt nimmt keine Anlagen an',
  interest_quota_short: 'Dieses Zinsprodukt hat nur noch {max} USDT Kontingent frei',
  interest_rate_format: 'Geben Sie einen Tageszins in Prozent ein, über 0 mit höchstens 4 Nachkommastellen',
  interest_days_format: 'Geben Sie die Tage als ganze Zahl von 1 bis 3650 ein',
  interest_too_large:
    'Eine Anlage in dieses Produkt könnte mehr zurückzahlen, als das Hauptbuch fassen kann: Senken Sie Zinssatz, Laufzeit oder Höchstbetrag',
  interest_product_changed: 'Dieses Zinsprodukt hat sich inzwischen geändert; bitte prüfen Sie es und versuchen Sie es erneut',
  // customers and operator management
  customer_frozen_already: 'Dieser Kunde ist bereits gesperrt',
  customer_not_frozen: 'Dieser Kunde ist nicht gesperrt',
  customer_closed: 'Dieses Kundenkonto ist geschlossen',
  adjust_amount_format: 'Bitte einen Betrag ungleich null mit höchstens 2 Nachkommastellen eingeben; ein Minuszeichen zieht ab',
  adjust_below_zero: 'Diese Korrektur würde das verfügbare Guthaben des Kunden unter null bringen (verfügbar: {available} USDT)',
  operator_self: 'Das können Sie mit Ihrem eigenen Operator-Konto nicht tun',
  operator_last_owner: 'Der letzte aktive Owner kann nicht deaktiviert werden',
  operator_disabled_already: 'Dieser Operator ist bereits deaktiviert',
  operator_active_already: 'Dieser Operator ist bereits aktiv',
  // VIP levels
  vip_daily_limit: 'Auszahlungen dürfen heute bei VIP {level} höchstens {limit} USDT betragen; für heute bleiben {left} USDT',
  vip_levels_invalid: 'VIP 0 beginnt bei 0, und jede Stufe braucht mehr Volumen als die vorige (höchstens 10 Stufen)',
  vip_level_unknown: 'VIP {level} gibt es nicht; die Stufen reichen von 0 bis {max}',
  // proof of liabilities
  proof_none: 'Es wurde noch kein Nachweis der Verbindlichkeiten erstellt',
  proof_not_included: 'Sie sind in diesem Schnappschuss nicht enthalten: er wurde vor Ihrem Konto erstellt',
  proof_ledger_mismatch:
    'Der Schnappschuss wurde abgelehnt: seine Summe stimmt nicht mit den Kundenverbindlichkeiten im Hauptbuch überein',
  proof_pruned: 'Dieser Schnappschuss ist älter als die letzten 30, deren Nachweise aufbewahrt werden: prüfen Sie einen neueren',
  // two-factor for customers
  totp_code_required: 'Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App oder einen Wiederherstellungscode ein',
  totp_invalid: 'Der Authenticator- oder Wiederherstellungscode ist falsch oder wurde schon verwendet',
  totp_on_already: 'Die Zwei-Faktor-Authentifizierung ist bereits eingeschaltet',
  totp_off_already: 'Die Zwei-Faktor-Authentifizierung ist nicht eingeschaltet',
  totp_setup_first: 'Starten Sie zuerst die Einrichtung: neuen QR-Code scannen, dann dessen Code eingeben',
  // safer mail and sessions
  payout_account_cooling:
    'Ein neues oder geändertes Auszahlungskonto kann erst 24 Stunden nach dem Speichern Auszahlungen empfangen; bitte in {hours} h erneut versuchen',
  anti_phishing_format: 'Der Anti-Phishing-Satz muss aus 4 bis 32 Buchstaben, Ziffern oder Leerzeichen bestehen',
  session_link_invalid: 'Dieser Link ist nicht mehr gültig: Er wurde bereits verwendet oder ist abgelaufen',
  // sign-in and codes
  code_mail_cap:
    'An diese Adresse wurden zu viele Codes gesendet: Verwenden Sie den neuesten Code in Ihrem Posteingang; die nächste E-Mail kann in {seconds} s gesendet werden',
  // trading limits
  trade_unpaid_limit:
    'Sie haben bereits {count} Trades, die auf Ihre Zahlung warten; bezahlen oder stornieren Sie einen, bevor Sie erneut kaufen',
  trade_cancel_limit_near:
    'Sie haben innerhalb von 24 Stunden {count} Trades abgebrochen oder verfallen lassen; bezahlen Sie den offenen Trade, bevor Sie erneut kaufen',
  sale_no_payout_account:
    'Sie haben kein Auszahlungskonto einer Art, auf die dieser Händler auszahlt, das jetzt Auszahlungen empfangen kann; bitte fügen Sie zuerst eines hinzu',
  // forms and validation
  iban_bound_already: 'Diese IBAN haben Sie bereits verknüpft',
  price_zero: 'Der Preis muss größer als 0 sein',
  price_decimals: 'Ein Preis darf höchstens 6 Nachkommastellen haben',
  price_format: 'Geben Sie den Preis in Ziffern mit einem Komma vor den Nachkommastellen ein, z. B. 7,25',
} satisfies ErrorTexts;
