import {
  MIN_TOWN_PREFIX,
  createTownIndex,
  distanceKm,
  findTownsByName,
  geocodeTown,
  groupTownsByRegion,
  isAmbiguous,
  matchTownPrefix,
  normalizeTownName,
  suggestTowns,
  toVoivodeship,
  type TownsFile,
} from './towns';

const file: TownsFile = {
  source: 'test',
  voivodeships: {
    mazowieckie: [
      ['Warszawa', 52.2298, 21.0118, 1702139],
      ['Radom', 51.4025, 21.1471, 226794],
      ['Wola Mała', 52.0, 21.0, 900],
    ],
    łódzkie: [
      ['Łódź', 51.7706, 19.4739, 768755],
      ['Łowicz', 52.1076, 19.9453, 29000],
    ],
    małopolskie: [
      ['Kraków', 50.0614, 19.9366, 755050],
      ['Osiek', 49.9507, 19.2644, 8000],
      ['Osiek', 50.2435, 19.6005, 1405],
    ],
    świętokrzyskie: [['Osiek', 50.5197, 21.4189, 1900]],
    śląskie: [
      ['Bielsko-Biała', 49.8225, 19.0469, 176515],
      ['Łodygowice', 49.7299, 19.1394, 6925],
      ['Wola', 50.0175, 19.1233, 8508],
    ],
  },
};
const index = createTownIndex(file);
const names = (list: { name: string }[]) => list.map((t) => t.name);

describe('normalizeTownName', () => {
  it('drops case, Polish diacritics (ł included) and hyphens', () => {
    expect(normalizeTownName('ŁÓDŹ')).toBe('lodz');
    expect(normalizeTownName('Zażółć gęślą jaźń')).toBe('zazolc gesla jazn');
    expect(normalizeTownName('  Bielsko-Biała ')).toBe('bielsko biala');
    expect(normalizeTownName('Bielsko  biala')).toBe('bielsko biala');
  });
});

describe('matchTownPrefix', () => {
  it('matches a prefix regardless of case and diacritics', () => {
    expect(names(matchTownPrefix(index, 'Wars'))).toEqual(['Warszawa']);
    expect(names(matchTownPrefix(index, 'kra'))).toEqual(['Kraków']);
    expect(names(matchTownPrefix(index, 'łód'))).toEqual(['Łódź', 'Łodygowice']);
    expect(names(matchTownPrefix(index, 'LOD'))).toEqual(['Łódź', 'Łodygowice']);
    expect(names(matchTownPrefix(index, 'bielsko b'))).toEqual(['Bielsko-Biała']);
  });

  it(`needs at least ${MIN_TOWN_PREFIX} characters`, () => {
    expect(matchTownPrefix(index, 'W')).toEqual([]);
    expect(matchTownPrefix(index, ' ł ')).toEqual([]);
    expect(names(matchTownPrefix(index, 'Wo'))).toEqual(['Wola', 'Wola Mała']);
  });

  it('puts exact names first, then the larger towns, and honours the limit', () => {
    expect(names(matchTownPrefix(index, 'wola'))).toEqual(['Wola', 'Wola Mała']);
    expect(names(matchTownPrefix(index, 'ło'))).toEqual(['Łódź', 'Łowicz', 'Łodygowice']);
    expect(names(matchTownPrefix(index, 'ło', 2))).toEqual(['Łódź', 'Łowicz']);
    expect(matchTownPrefix(index, 'ło', 0)).toEqual([]);
  });

  it('only matches the start of a name', () => {
    expect(matchTownPrefix(index, 'szawa')).toEqual([]);
    expect(matchTownPrefix(index, 'biała')).toEqual([]);
  });
});

describe('grouping by voivodeship', () => {
  it('groups suggestions by voivodeship, the group with the best match first', () => {
    const groups = suggestTowns(index, 'os');
    expect(groups.map((g) => g.region)).toEqual(['małopolskie', 'świętokrzyskie']);
    expect(groups[0].towns.map((t) => t.population)).toEqual([8000, 1405]);
    expect(groups[1].towns).toHaveLength(1);
  });

  it('keeps the input order within and across groups', () => {
    const towns = matchTownPrefix(index, 'ło');
    expect(groupTownsByRegion(towns).map((g) => [g.region, names(g.towns)])).toEqual([
      ['łódzkie', ['Łódź', 'Łowicz']],
      ['śląskie', ['Łodygowice']],
    ]);
    expect(groupTownsByRegion([])).toEqual([]);
  });
});

describe('geocodeTown', () => {
  it('finds a unique name without a region', () => {
    expect(geocodeTown(index, 'warszawa')).toEqual({ City: 'Warszawa', region: 'mazowieckie', latitude: 52.2298, longitude: 21.0118 });
    expect(geocodeTown(index, 'bielsko biala')).toMatchObject({ City: 'Bielsko-Biała', region: 'śląskie' });
  });

  it('understands the exonym Warsaw', () => {
    expect(geocodeTown(index, 'Warsaw')).toMatchObject({ City: 'Warszawa' });
    expect(names(findTownsByName(index, 'WARSAW'))).toEqual(['Warszawa']);
  });

  it('reports a name found in two voivodeships as ambiguous, largest first', () => {
    const result = geocodeTown(index, 'Osiek');
    expect(isAmbiguous(result)).toBe(true);
    expect(result).toEqual({ ambiguous: true, regions: ['małopolskie', 'świętokrzyskie'] });
  });

  it('resolves an ambiguous name within the given voivodeship', () => {
    expect(geocodeTown(index, 'Osiek', 'świętokrzyskie')).toEqual({ City: 'Osiek', region: 'świętokrzyskie', latitude: 50.5197, longitude: 21.4189 });
    // two of that name in one voivodeship: the larger
    expect(geocodeTown(index, 'osiek', 'Małopolskie')).toMatchObject({ latitude: 49.9507 });
    expect(geocodeTown(index, 'osiek', 'Lesser Poland Voivodeship')).toMatchObject({ region: 'małopolskie' });
  });

  it('returns null for an unknown name or a voivodeship without it', () => {
    expect(geocodeTown(index, 'Atlantyda')).toBeNull();
    expect(geocodeTown(index, '')).toBeNull();
    expect(geocodeTown(index, 'Osiek', 'mazowieckie')).toBeNull();
    expect(geocodeTown(index, 'Osiek', 'nowhere')).toBeNull();
    expect(isAmbiguous(null)).toBe(false);
  });
});

describe('toVoivodeship', () => {
  it('maps Polish and English spellings to the Polish name', () => {
    expect(toVoivodeship('Śląskie')).toBe('śląskie');
    expect(toVoivodeship('slaskie')).toBe('śląskie');
    expect(toVoivodeship('województwo łódzkie')).toBe('łódzkie');
    expect(toVoivodeship('Masovian Voivodeship')).toBe('mazowieckie');
    expect(toVoivodeship('Łódź Voivodeship')).toBe('łódzkie');
    expect(toVoivodeship('West Pomeranian Voivodeship')).toBe('zachodniopomorskie');
    expect(toVoivodeship('Bavaria')).toBeUndefined();
    expect(toVoivodeship('constructor')).toBeUndefined();
    expect(toVoivodeship(undefined)).toBeUndefined();
  });
});

describe('distanceKm', () => {
  it('gives great-circle distances', () => {
    const warszawa = { latitude: 52.2298, longitude: 21.0118 };
    const krakow = { latitude: 50.0614, longitude: 19.9366 };
    expect(distanceKm(warszawa, warszawa)).toBe(0);
    expect(distanceKm(warszawa, krakow)).toBeCloseTo(252.5, 0);
    expect(distanceKm(krakow, warszawa)).toBeCloseTo(distanceKm(warszawa, krakow), 9);
    // one degree of latitude
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111.19, 2);
  });
});
