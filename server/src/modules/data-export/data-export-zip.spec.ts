import { strFromU8, strToU8, unzipSync } from 'fflate';
import { buildZip } from './data-export-zip';

describe('buildZip', () => {
  it('writes every entry, deflated or stored, readable by any unzip', async () => {
    const json = strToU8(JSON.stringify({ nombre: 'Lucía', mensajes: Array(200).fill('¡Hola! ¿Cómo estás?') }));
    const photo = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    const zip = await buildZip(
      [
        { name: 'README.txt', bytes: strToU8('Léeme'), compress: true },
        { name: 'cuenta.json', bytes: json, compress: true },
        { name: 'archivos/foto-de-perfil.jpg', bytes: photo, compress: false },
      ],
      new Date('2026-11-29T15:00:00Z'),
    );
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(['README.txt', 'cuenta.json', 'archivos/foto-de-perfil.jpg']);
    expect(strFromU8(files['README.txt']!)).toBe('Léeme');
    expect(JSON.parse(strFromU8(files['cuenta.json']!))).toEqual(JSON.parse(strFromU8(json)));
    expect(files['archivos/foto-de-perfil.jpg']).toEqual(photo);
    // The repeated JSON shrank: it was deflated, not stored.
    expect(zip.length).toBeLessThan(json.length);
  });

  it('makes an empty archive of no entries', async () => {
    expect(Object.keys(unzipSync(await buildZip([], new Date())))).toEqual([]);
  });
});
