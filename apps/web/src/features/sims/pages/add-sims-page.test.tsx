import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { error } from '../../../test/api-stub';
import { renderSignedIn } from '../../../test/render';
import { inactiveEsim, sim } from '../../../test/sim-fixtures';
import { saveAssignReport } from '../assign-report';
import AddSimsPage from './add-sims-page';
import AssignResultPage from './assign-result-page';
import { makeIccid } from '@app/shared/rules/sim-numbers';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => sessionStorage.clear());

/** A valid ICCID (89 01 260 + serial + Luhn check digit), as printed on a card. */
const iccid = (serial: number) => makeIccid(serial);

const ADDED = iccid(101);
const MINE = iccid(102);
const THEIRS = iccid(103);
const BLANK = iccid(104);
const FLAKY = iccid(105);
const TYPO = `${ADDED.slice(0, -1)}${(Number(ADDED.at(-1)) + 1) % 10}`;

const routes = [
  { path: 'dashboard/add-sims', element: <AddSimsPage /> },
  { path: 'assign-result', element: <AssignResultPage /> },
  { path: 'dashboard/sim/:id', element: <p>sim page</p> },
];

describe('/dashboard/add-sims → /assign-result', () => {
  it('checks every line before sending, sends each good one once, and reports each outcome in words', async () => {
    const added = inactiveEsim({ iccid: ADDED });
    const mine = sim({ iccid: MINE });
    const { sent, router } = renderSignedIn(routes, {
      route: '/dashboard/add-sims',
      api: {
        [`POST /subscriber/sim/${ADDED}/assign`]: { outcome: 'assigned', sim: added },
        [`POST /subscriber/sim/${MINE}/assign`]: { outcome: 'already_yours', sim: mine },
        [`POST /subscriber/sim/${THEIRS}/assign`]: error(404, 'SIM_NOT_FOUND'),
        [`POST /subscriber/sim/${BLANK}/assign`]: error(409, 'SIM_CARD_HAS_NO_PLAN'),
        [`POST /subscriber/sim/${FLAKY}/assign`]: error(503, 'SERVICE_UNAVAILABLE'),
      },
    });
    const user = userEvent.setup();
    const box = await screen.findByLabelText('SIM numbers, one per line');
    const typed = [ADDED.replace(/(\d{4})/g, '$1 ').trim(), MINE, '', THEIRS, TYPO, 'not-a-sim', ADDED, BLANK, FLAKY].join('\n');
    fireEvent.change(box, { target: { value: typed } });

    // The check list: numbered as typed (the blank line counts), each with its verdict.
    const lines = screen.getAllByTestId('add-sims-line');
    expect(lines.map((l) => [within(l).getByText(/^Line \d+$/).textContent, l.dataset.problem])).toEqual([
      ['Line 1', ''],
      ['Line 2', ''],
      ['Line 4', ''],
      ['Line 5', 'checksum'],
      ['Line 6', 'format'],
      ['Line 7', 'duplicate'],
      ['Line 8', ''],
      ['Line 9', ''],
    ]);
    expect(lines[5]!.textContent).toContain('Same number as line 1');
    expect(screen.getByTestId('add-sims-summary').textContent).toBe('5 lines are ready to add; 3 lines have a problem and will not be sent.');

    await user.click(screen.getByRole('button', { name: 'Add 5 SIMs to my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assign-result'));
    // One request per good line, with the number as printed (spaces gone), none for the bad ones.
    expect(sent('POST /subscriber/sim/' + ADDED + '/assign')).toHaveLength(1);
    expect(sent('POST /subscriber/sim/' + TYPO + '/assign')).toHaveLength(0);
    expect(sent('POST /subscriber/sim/not-a-sim/assign')).toHaveLength(0);

    const report = await screen.findAllByTestId('assign-result-line');
    expect(report.map((l) => l.dataset.outcome)).toEqual(['assigned', 'already_yours', 'not_found', 'invalid', 'invalid', 'invalid', 'no_plan', 'failed']);
    expect(report[0]!.textContent).toContain('Added');
    expect(within(report[0]!).getByRole('link', { name: 'Activate it with your ZIP code' }).getAttribute('href')).toBe(`/dashboard/sim/${added.id}`);
    expect(within(report[1]!).getByRole('link', { name: 'Open this SIM' }).getAttribute('href')).toBe(`/dashboard/sim/${mine.id}`);
    expect(report[2]!.textContent).toContain('A SIM bought with another e-mail address stays in that account');
    expect(report[3]!.textContent).toContain('The last digit does not match the others');
    expect(report[6]!.textContent).toContain('sold without a plan');
    expect(report[7]!.textContent).toContain('Try it again in a moment.');
    expect(screen.getByRole('status').textContent).toMatch(/1 SIM added, 1 already in your account, 6 not added\.$/);

    // A reload shows the same report (session storage), and the lines worth another try go back to the form.
    await router.navigate('/dashboard/add-sims');
    await router.navigate('/assign-result');
    expect((await screen.findAllByTestId('assign-result-line')).length).toBe(8);
    await user.click(screen.getByRole('button', { name: 'Try these 3 lines again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/add-sims'));
    expect((screen.getByLabelText('SIM numbers, one per line') as HTMLTextAreaElement).value).toBe([TYPO, 'not-a-sim', FLAKY].join('\n'));
  });

  it('stops at the limit of wrong numbers (429): that line and the rest are not sent and can be tried again later', async () => {
    const added = inactiveEsim({ iccid: ADDED });
    const { sent, router } = renderSignedIn(routes, {
      route: '/dashboard/add-sims',
      api: {
        [`POST /subscriber/sim/${ADDED}/assign`]: { outcome: 'assigned', sim: added },
        [`POST /subscriber/sim/${THEIRS}/assign`]: error(429, 'RATE_LIMITED', 'Too many requests.', { retryAfter: 1500 }),
        [`POST /subscriber/sim/${MINE}/assign`]: { outcome: 'already_yours', sim: sim({ iccid: MINE }) },
        [`POST /subscriber/sim/${BLANK}/assign`]: error(409, 'SIM_CARD_HAS_NO_PLAN'),
      },
    });
    const user = userEvent.setup();
    fireEvent.change(await screen.findByLabelText('SIM numbers, one per line'), { target: { value: [ADDED, THEIRS, MINE, BLANK].join('\n') } });
    await user.click(screen.getByRole('button', { name: 'Add 4 SIMs to my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assign-result'));
    // Nothing is sent after the refusal.
    expect(sent(`POST /subscriber/sim/${THEIRS}/assign`)).toHaveLength(1);
    expect(sent(`POST /subscriber/sim/${MINE}/assign`)).toHaveLength(0);
    expect(sent(`POST /subscriber/sim/${BLANK}/assign`)).toHaveLength(0);
    const report = await screen.findAllByTestId('assign-result-line');
    expect(report.map((l) => l.dataset.outcome)).toEqual(['assigned', 'not_sent', 'not_sent', 'not_sent']);
    // Why the run stopped, in the catalogue's words.
    expect(screen.getByTestId('assign-result-limit').textContent).toBe('Too many attempts. Please try again in 25 minutes.');
    await user.click(screen.getByRole('button', { name: 'Try these 3 lines again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/add-sims'));
    expect((screen.getByLabelText('SIM numbers, one per line') as HTMLTextAreaElement).value).toBe([THEIRS, MINE, BLANK].join('\n'));
  });

  it('imports a CSV file into the list, reads the ICCID column, and says how many numbers came in', async () => {
    renderSignedIn(routes, { route: '/dashboard/add-sims' });
    const user = userEvent.setup();
    const file = new File([`note,ICCID\r\nkitchen,${ADDED}\r\ndrawer,${MINE}\r\n`], 'cards.csv', { type: 'text/csv' });
    await user.upload(await screen.findByLabelText('Or import a CSV file'), file);
    expect((await screen.findByTestId('add-sims-file-note')).textContent).toBe('2 numbers were imported from cards.csv.');
    expect((screen.getByLabelText('SIM numbers, one per line') as HTMLTextAreaElement).value).toBe(`${ADDED}\n${MINE}`);
    expect(screen.getByRole('button', { name: 'Add 2 SIMs to my account' })).toBeTruthy();
  });

  it('sends nothing for an empty list or one with only problems, and says why at the field', async () => {
    const { requests } = renderSignedIn(routes, { route: '/dashboard/add-sims' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add SIMs to my account' }));
    expect(screen.getByText('Enter at least one SIM number.')).toBeTruthy();
    expect(screen.getByLabelText('SIM numbers, one per line').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('SIM numbers, one per line'), { target: { value: TYPO } });
    await user.click(screen.getByRole('button', { name: 'Add SIMs to my account' }));
    expect(screen.getByText('None of the lines can be sent yet: correct the problems shown below.')).toBeTruthy();
    expect(requests.filter((r) => r.path.endsWith('/assign'))).toHaveLength(0);
  });
});

describe('/assign-result', () => {
  it('opened without a run: says there is nothing to show and leads to the add-SIMs page', async () => {
    renderSignedIn(routes, { route: '/assign-result' });
    const empty = await screen.findByTestId('assign-result-empty');
    expect(empty.textContent).toContain('There are no results to show.');
    expect(within(empty).getByRole('link', { name: 'Add SIMs' }).getAttribute('href')).toBe('/dashboard/add-sims');
  });

  it('reads the stored report of this tab', async () => {
    saveAssignReport({ finishedAt: '2026-11-20T10:00:00.000Z', lines: [{ line: 1, raw: MINE, outcome: 'already_yours', sim: { id: 'x', kind: 'physical', mdn: '+16465550181', badge: 'active' } }] });
    renderSignedIn(routes, { route: '/assign-result' });
    const [line] = await screen.findAllByTestId('assign-result-line');
    expect(line!.textContent).toContain('This SIM was already in your account; nothing changed.');
    expect(screen.queryByTestId('assign-result-retry')).toBeNull();
  });
});
