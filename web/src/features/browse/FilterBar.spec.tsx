import '../../app/text-encoding.test-polyfill';
import { directoryFiltersToQuery, NO_DIRECTORY_FILTERS, type DirectoryFilters } from '@cym/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction, type To } from 'react-router';
import { catalogKeys } from '../../lib/catalog';
import { FilterBar, type FilterChoices } from './FilterBar';
import { useDirectorySearch } from './use-directory-search';

const choices = {
  services: [{ id: 1, title_display: 'Niñera' }],
  work_arrangements: [{ id: 2, value_display: 'Por horas' }],
  tasks: [{ id: 3, title_display: 'Cocinar' }],
  languages: [{ id: 4, name_display: 'Inglés' }],
  provinces: [
    { id: 2, name: 'Ciudad Autónoma de Buenos Aires' },
    { id: 6, name: 'Buenos Aires' },
    { id: 14, name: 'Córdoba' },
  ],
} as unknown as FilterChoices;

/** The municipalities each province's request answers (Córdoba's have not come yet). */
const MUNICIPALITIES = {
  2: [{ id: 20, name: 'Comuna 14', province: { id: 2 } }],
  6: [{ id: 60, name: 'La Plata', province: { id: 6 } }],
};

let client: QueryClient;
beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const [province, list] of Object.entries(MUNICIPALITIES))
    client.setQueryData(catalogKeys.municipalities(Number(province)), list);
});

/** The bar as the directory uses it: its state is what the page sends as the query. */
function Harness({ onQuery }: { onQuery: (query: Record<string, string>) => void }) {
  const [filters, setFilters] = useState<DirectoryFilters>(NO_DIRECTORY_FILTERS);
  return (
    <QueryClientProvider client={client}>
      <FilterBar
        choices={choices}
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          onQuery(directoryFiltersToQuery(next));
        }}
      />
    </QueryClientProvider>
  );
}

const open = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('FilterBar → the directory query', () => {
  it('adds and removes a checked label, and clears everything', () => {
    const onQuery = jest.fn();
    render(<Harness onQuery={onQuery} />);
    open('Servicios');
    fireEvent.click(screen.getByLabelText('Niñera'));
    expect(onQuery).toHaveBeenLastCalledWith({ services: 'Niñera' });
    open('Idiomas');
    fireEvent.click(screen.getByLabelText('Inglés'));
    expect(onQuery).toHaveBeenLastCalledWith({ services: 'Niñera', languages: 'Inglés' });
    fireEvent.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(onQuery).toHaveBeenLastCalledWith({});
    expect(screen.queryByRole('button', { name: 'Limpiar filtros' })).toBeNull();
  });

  it("counts the filters that are on in the phone's 'Filtros' (the place once)", () => {
    render(<Harness onQuery={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Filtros' })).toBeTruthy();
    open('Servicios');
    fireEvent.click(screen.getByLabelText('Niñera'));
    open('Ubicación');
    fireEvent.change(screen.getByLabelText('Provincia'), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText(/Partido/), { target: { value: '60' } });
    expect(screen.getByRole('button', { name: 'Filtros (2)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(screen.getByRole('button', { name: 'Filtros' })).toBeTruthy();
  });

  it('toggles a whole shift column, then one cell of it', () => {
    const onQuery = jest.fn();
    render(<Harness onQuery={onQuery} />);
    open('Disponibilidad');
    const column = screen.getAllByRole('columnheader')[0]!.textContent!;
    fireEvent.click(screen.getByRole('button', { name: column }));
    const shifts = (onQuery.mock.lastCall![0] as Record<string, string>).work_shifts!.split(',');
    expect(shifts).toHaveLength(7);
    expect(shifts.every((value) => value.endsWith(`:${column}`))).toBe(true);
    fireEvent.click(screen.getByLabelText(shifts[0]!));
    expect((onQuery.mock.lastCall![0] as Record<string, string>).work_shifts!.split(',')).toHaveLength(6);
  });

  it('sends the province, then its municipality; another province drops the municipality', () => {
    const onQuery = jest.fn();
    render(<Harness onQuery={onQuery} />);
    open('Ubicación');
    const municipality = screen.getByLabelText<HTMLSelectElement>('Partido / localidad');
    expect(municipality.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Provincia'), { target: { value: '2' } });
    expect(onQuery).toHaveBeenLastCalledWith({ province: '2' });
    expect([...municipality.options].map((o) => o.text)).toEqual(['Todos', 'Comuna 14']);
    fireEvent.change(municipality, { target: { value: '20' } });
    expect(onQuery).toHaveBeenLastCalledWith({ province: '2', municipality: '20' });
    fireEvent.change(screen.getByLabelText('Provincia'), { target: { value: '6' } });
    expect(onQuery).toHaveBeenLastCalledWith({ province: '6' });
    expect([...municipality.options].map((o) => o.text)).toEqual(['Todos', 'La Plata']);
  });

  it("offers a province's municipalities once they come, the focus left where it was", async () => {
    const onQuery = jest.fn();
    render(<Harness onQuery={onQuery} />);
    open('Ubicación');
    const province = screen.getByLabelText<HTMLSelectElement>('Provincia');
    const municipality = screen.getByLabelText<HTMLSelectElement>('Partido / localidad');
    province.focus();
    // Córdoba's list is asked for (the test's client has no answer): its empty option meanwhile.
    fireEvent.change(province, { target: { value: '14' } });
    expect(onQuery).toHaveBeenLastCalledWith({ province: '14' });
    expect([...municipality.options].map((o) => o.text)).toEqual(['Todos']);
    act(
      () =>
        void client.setQueryData(catalogKeys.municipalities(14), [
          { id: 140, name: 'Río Cuarto', province: { id: 14 } },
        ]),
    );
    await screen.findByRole('option', { name: 'Río Cuarto' });
    expect([...municipality.options].map((o) => o.text)).toEqual(['Todos', 'Río Cuarto']);
    expect(document.activeElement).toBe(province);
    fireEvent.change(municipality, { target: { value: '140' } });
    expect(onQuery).toHaveBeenLastCalledWith({ province: '14', municipality: '140' });
  });
});

/** The hook on a page at `address`, with where the router is after each change. */
function renderSearch(address: string, storageKey = 'workers-filters') {
  let location = { pathname: '', search: '' };
  let navigate: NavigateFunction = () => undefined;
  function Where() {
    location = useLocation();
    navigate = useNavigate();
    return null;
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[address]}>
      {children}
      <Where />
    </MemoryRouter>
  );
  const hook = renderHook(() => useDirectorySearch(storageKey), { wrapper });
  return {
    ...hook,
    where: () => decodeURIComponent(`${location.pathname}${location.search}`),
    /** A link (an address) or back and forward (a number), as from outside the directory. */
    go: (to: To | number) => act(() => void (typeof to === 'number' ? navigate(to) : navigate(to))),
  };
}

describe('useDirectorySearch (the address and session storage, one key per directory)', () => {
  beforeEach(() => sessionStorage.clear());

  it('starts with no filters and keeps every change under its key and in the address', () => {
    const { result, where } = renderSearch('/workers');
    expect(result.current.filters).toEqual(NO_DIRECTORY_FILTERS);
    act(() => result.current.setFilters({ ...NO_DIRECTORY_FILTERS, tasks: ['Cocinar'], province: ['6'] }));
    expect(JSON.parse(sessionStorage.getItem('workers-filters')!)).toEqual({
      ...NO_DIRECTORY_FILTERS,
      tasks: ['Cocinar'],
      province: ['6'],
      near: null,
    });
    expect(sessionStorage.getItem('offers-filters')).toBeNull();
    expect(where()).toBe('/workers?tasks=Cocinar&province=6');
    act(() => result.current.setPage(3));
    expect(where()).toBe('/workers?tasks=Cocinar&province=6&page=3');
    act(() => result.current.setFilters(NO_DIRECTORY_FILTERS));
    expect(result.current.page).toBe(1);
    expect(where()).toBe('/workers');
  });

  it("keeps 'Cerca de' in the address and session storage, and reads it back", () => {
    const { result, where } = renderSearch('/workers?services=Ni%C3%B1era&page=2');
    act(() => result.current.setNear({ municipality: 60, radiusKm: 25 }));
    expect(result.current.page).toBe(1);
    expect(where()).toBe('/workers?services=Niñera&near=60&radius_km=25');
    expect(JSON.parse(sessionStorage.getItem('workers-filters')!).near).toEqual({ municipality: 60, radiusKm: 25 });
    const again = renderSearch('/workers');
    expect(again.result.current.near).toEqual({ municipality: 60, radiusKm: 25 });
    const shared = renderSearch('/workers?near=20&radius_km=5');
    expect(shared.result.current.near).toEqual({ municipality: 20, radiusKm: 5 });
    expect(shared.result.current.filters).toEqual(NO_DIRECTORY_FILTERS);
    const wrong = renderSearch('/workers?near=20&radius_km=7');
    expect(wrong.result.current.near).toBeNull();
    act(() => result.current.setNear(null));
    expect(where()).toBe('/workers?services=Niñera');
  });

  it('opens a shared search: the address wins over what is stored', () => {
    sessionStorage.setItem('workers-filters', JSON.stringify({ province: ['2'] }));
    const { result } = renderSearch('/workers?services=Ni%C3%B1era&work_shifts=Lunes%3AMa%C3%B1ana&page=2');
    expect(result.current.filters).toEqual({
      ...NO_DIRECTORY_FILTERS,
      services: ['Niñera'],
      work_shifts: ['Lunes:Mañana'],
    });
    expect(result.current.page).toBe(2);
  });

  it('finds the filters of an earlier visit when the address names none, keeping only what is a filter', () => {
    sessionStorage.setItem('workers-filters', JSON.stringify({ province: ['2'], colour: ['rojo'] }));
    const { result, where } = renderSearch('/workers');
    expect(result.current.filters).toEqual({ ...NO_DIRECTORY_FILTERS, province: ['2'] });
    expect(directoryFiltersToQuery(result.current.filters)).toEqual({ province: '2' });
    expect(where()).toBe('/workers?province=2');
  });

  it('follows the address as it changes from outside: a link, back and forward', () => {
    const { result, where, go } = renderSearch('/workers?services=Ni%C3%B1era');
    act(() => result.current.setPage(2));
    go('/workers?tasks=Cocinar');
    expect(result.current.filters).toEqual({ ...NO_DIRECTORY_FILTERS, tasks: ['Cocinar'] });
    expect(result.current.page).toBe(1);
    go(-1);
    expect(result.current.filters).toEqual({ ...NO_DIRECTORY_FILTERS, services: ['Niñera'] });
    expect(result.current.page).toBe(2);
    expect(where()).toBe('/workers?services=Niñera&page=2');
    go(1);
    expect(result.current.filters).toEqual({ ...NO_DIRECTORY_FILTERS, tasks: ['Cocinar'] });
    // A link that names no search (the menu's): the tab's last one, which the address takes.
    go('/workers');
    expect(result.current.filters).toEqual({ ...NO_DIRECTORY_FILTERS, tasks: ['Cocinar'] });
    expect(where()).toBe('/workers?tasks=Cocinar');
  });

  it('starts over when what is stored cannot be read, and on the first page when the page is not a number', () => {
    sessionStorage.setItem('workers-filters', '{not json');
    const { result } = renderSearch('/workers?page=dos');
    expect(result.current.filters).toEqual(NO_DIRECTORY_FILTERS);
    expect(result.current.page).toBe(1);
  });
});
