import { SUPPORTED_LOCALES } from '../../lib/intl/languages';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLocaleForTests, useLocaleState } from '../../lib/intl/locale-store';
import { LANGUAGES } from '../../lib/intl/languages';
import { englishMessages } from '../../test/messages';
import { renderWithProviders } from '../../test/render';
import { LanguageSelect } from './language-select';

/**
 * The selector with all 38 languages of SPEC §9 (a test-only list: only complete catalogues are
 * offered), so it is ready the day they land.
 */
function renderAll(options: { locale?: 'en' | 'es' | 'fr'; compact?: boolean } = {}) {
  const onChoose = vi.fn();
  const utils = renderWithProviders(<LanguageSelect languages={LANGUAGES} onChoose={onChoose} compact={options.compact} />, { locale: options.locale });
  return { onChoose, ...utils };
}

const shownNames = () =>
  within(screen.getByRole('listbox', { hidden: true }))
    .queryAllByRole('option')
    .map((o) => o.firstElementChild!.textContent);

beforeEach(() => {
  resetLocaleForTests({ locale: 'en', messages: englishMessages, loading: false });
});

describe('language selector', () => {
  it('names the current language and opens a labelled panel with every language in its own name and script', async () => {
    const user = userEvent.setup();
    renderAll({ compact: true });
    const button = screen.getByRole('button', { name: 'Language: English' });
    expect(button.textContent).toContain('EN');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // The panel's code loads on first open.
    const panel = await screen.findByRole('dialog', { name: 'Language' });
    expect(button.getAttribute('aria-controls')).toBe(panel.id);

    const search = within(panel).getByRole('combobox', { name: 'Search languages' });
    expect(document.activeElement).toBe(search);
    const list = within(panel).getByRole('listbox', { name: 'Language' });
    expect(search.getAttribute('aria-controls')).toBe(list.id);
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(38);
    expect(shownNames()).toEqual(LANGUAGES.map((l) => l.name));
    // Each name is marked with its language (and direction), so screen readers switch voice and
    // Arabic or Hebrew reads right to left inside an English list.
    const arabic = options.find((o) => o.dataset.value === 'ar')!.firstElementChild!;
    expect(arabic.getAttribute('lang')).toBe('ar');
    expect(arabic.getAttribute('dir')).toBe('rtl');
    expect(options.find((o) => o.dataset.value === 'zh')!.firstElementChild!.getAttribute('lang')).toBe('zh-Hans');
    // The current language is the selected option and where the keyboard starts.
    const english = options.find((o) => o.dataset.value === 'en')!;
    expect(english.getAttribute('aria-selected')).toBe('true');
    expect(search.getAttribute('aria-activedescendant')).toBe(english.id);
    // Beside the own name, the name in the page's language helps someone choosing for another.
    expect(options.find((o) => o.dataset.value === 'de')!.textContent).toBe('DeutschGerman');
  });

  it('filters as you type: by the own name with or without accents, by English name, by code', async () => {
    const user = userEvent.setup();
    renderAll();
    await user.click(screen.getByTestId('language-select'));
    const search = await screen.findByRole('combobox');
    const cases: [string, string[]][] = [
      ['deu', ['Deutsch']],
      ['german', ['Deutsch']],
      ['espanol', ['Español']],
      ['TURKCE', ['Türkçe']],
      ['arabic', ['العربية']],
      ['عرب', ['العربية']],
      ['chinese', ['中文']],
      ['中文', ['中文']],
      ['norwegian', ['Norsk']],
      ['bokmål', ['Norsk']],
      ['brazil', ['Português']],
      ['fil', ['Filipino']],
      ['ht', ['Kreyòl ayisyen']],
      ['haitian', ['Kreyòl ayisyen']],
      ['persian', ['فارسی']],
      ['hebrew', ['עברית']],
      ['bahasa', ['Bahasa Indonesia', 'Bahasa Melayu']],
    ];
    for (const [query, expected] of cases) {
      await user.clear(search);
      await user.type(search, query);
      expect(shownNames(), query).toEqual(expected);
    }
    expect(screen.getByRole('status').textContent).toBe('2 languages');
    await user.clear(search);
    await user.type(search, 'klingon');
    expect(shownNames()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('No language matches');
    expect(search.getAttribute('aria-activedescendant')).toBeNull();
  });

  it('finds a language by its name in the page’s language', async () => {
    const user = userEvent.setup();
    renderAll({ locale: 'fr' });
    await user.click(screen.getByRole('button', { name: 'Langue : English' }));
    await user.type(await screen.findByRole('combobox', { name: 'Rechercher une langue' }), 'allemand');
    expect(shownNames()).toEqual(['Deutsch']);
    expect(screen.getByRole('status').textContent).toBe('1 langue');
  });

  it('works from the keyboard: arrows move through the matches, Enter chooses and gives the focus back', async () => {
    const user = userEvent.setup();
    const { onChoose } = renderAll();
    const button = screen.getByTestId('language-select');
    button.focus();
    await user.keyboard('{Enter}');
    const search = await screen.findByRole('combobox');
    expect(document.activeElement).toBe(search);
    const active = () => document.getElementById(search.getAttribute('aria-activedescendant')!)!.dataset.value;
    expect(active()).toBe('en');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toBe('fr');
    await user.keyboard('{ArrowUp}');
    expect(active()).toBe('es');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(active()).toBe('ht'); // wraps round
    // Typing starts again from the first match, even when the one under the keyboard still matches.
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toBe('es');
    await user.type(search, 's');
    expect(active()).toBe('en');
    await user.type(search, 'k');
    expect(shownNames()).toEqual(['Polski', 'Svenska', 'Norsk', 'Dansk', 'Hrvatski', 'Slovenčina']);
    expect(active()).toBe('pl');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenCalledWith('no');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape clears the search first, then closes and returns the focus; a click elsewhere closes', async () => {
    const user = userEvent.setup();
    const { onChoose } = renderAll();
    const button = screen.getByTestId('language-select');
    await user.click(button);
    await user.type(await screen.findByRole('combobox'), 'de');
    await user.keyboard('{Escape}');
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('');
    expect(shownNames()).toHaveLength(38);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);

    await user.click(button);
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.click(document.body);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('chooses with a click; choosing the current language changes nothing', async () => {
    const user = userEvent.setup();
    const { onChoose } = renderAll();
    await user.click(screen.getByTestId('language-select'));
    await user.click(await screen.findByRole('option', { name: /^English/ }));
    expect(onChoose).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('language-select'));
    await user.click(screen.getByRole('option', { name: /^한국어/ }));
    expect(onChoose).toHaveBeenCalledWith('ko');
  });

  it('switches the app’s language when nothing else is asked', async () => {
    const user = userEvent.setup();
    let seen = '';
    function Probe() {
      seen = useLocaleState().locale;
      return null;
    }
    renderWithProviders(
      <>
        <LanguageSelect />
        <Probe />
      </>,
    );
    await user.click(screen.getByTestId('language-select'));
    await screen.findByRole('listbox');
    // The offered (complete) languages by default, each by its own name.
    expect(shownNames()).toEqual(SUPPORTED_LOCALES.map((l) => l.name));
    await user.click(screen.getByRole('option', { name: /^Español/ }));
    await act(async () => {
      await vi.waitFor(() => expect(seen).toBe('es'));
    });
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem('user-locale')).toBe('es');
  });
});
