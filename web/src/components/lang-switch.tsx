import { useLang } from '../i18n';

export function LangSwitch() {
  const { lang, setLang } = useLang();
  return (
    <fieldset className="lang-switch">
      <legend className="sr-only">Idioma / Language</legend>
      <button type="button" aria-pressed={lang === 'es'} onClick={() => setLang('es')}>
        ES
      </button>
      <button type="button" aria-pressed={lang === 'en'} onClick={() => setLang('en')}>
        EN
      </button>
    </fieldset>
  );
}
