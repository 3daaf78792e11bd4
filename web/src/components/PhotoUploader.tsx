import { Camera } from 'lucide-react';
import { useId, useState } from 'react';
import { api, uploadForm } from '../lib/api/client';
import { ApiError, errorMessage } from '../lib/api/errors';
import './photo-uploader.css';

/** The photo sent is at most 1 MB; phone photos are cropped and shrunk first. */
const MAX_BYTES = 1024 * 1024;
const CROP_SIZE = 1024;
const SENT_RAW = /^image\/(heic|heif|avif)$/i;

/** Centre-crops to a square JPEG; formats the browser cannot draw are sent as they are. */
async function squareJpeg(file: File): Promise<Blob> {
  if (SENT_RAW.test(file.type) || /\.(heic|heif|avif)$/i.test(file.name)) return file;
  try {
    const bitmap = await createImageBitmap(file);
    const side = Math.min(bitmap.width, bitmap.height);
    const size = Math.min(side, CROP_SIZE);
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, size, size);
    bitmap.close();
    return await new Promise<Blob>((resolve) => canvas.toBlob((blob) => resolve(blob ?? file), 'image/jpeg', 0.85));
  } catch {
    return file;
  }
}

const UPLOAD_FAILED = 'No pudimos subir la foto. Probá de nuevo.';

async function send(userId: number, blob: Blob, onProgress: (percent: number) => void): Promise<string> {
  const form = new FormData();
  form.append('image', blob, blob instanceof File ? blob.name : 'foto.jpg');
  const { image } = await uploadForm<{ image?: string }>(
    `/api/user/${userId}/profile-image/upload/`,
    form,
    UPLOAD_FAILED,
    onProgress,
  );
  if (!image) throw new ApiError(UPLOAD_FAILED);
  return image;
}

interface Props {
  userId: number;
  image: string | null;
  onChange: (image: string | null) => void;
}

export function PhotoUploader({ userId, image, onChange }: Props) {
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/') && !/\.(heic|heif|avif)$/i.test(file.name))
      return setError('Elegí un archivo de imagen.');
    setBusy(true);
    setProgress(0);
    try {
      const blob = await squareJpeg(file);
      if (blob.size > MAX_BYTES) throw new ApiError('Máximo 1 MB permitido');
      onChange(await send(userId, blob, setProgress));
    } catch (caught) {
      // An image the browser cannot read fails in squareJpeg with the browser's (English) words.
      setError(errorMessage(caught, 'No pudimos subir la foto.'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      const { response } = await api.DELETE('/api/user/{user_id}/profile-image/delete', {
        params: { path: { user_id: userId } },
      });
      if (response.ok) onChange(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="photo-uploader">
      <div className="photo-uploader__preview">
        {image ? (
          <img src={image} alt="Tu foto de perfil" width="160" height="160" />
        ) : (
          <Camera aria-hidden="true" size={48} strokeWidth={1.5} />
        )}
        {busy && (
          <span className="photo-uploader__busy" role="status">
            <span className="spinner" aria-hidden="true" /> {progress > 0 ? `${progress} %` : 'Procesando…'}
          </span>
        )}
      </div>
      <p className="field__hint">Una foto cuadrada donde se vea bien tu cara. Menos de 3 MB.</p>
      <label htmlFor={inputId} className="button button--secondary">
        {image ? 'Cambiar foto' : 'Subir foto'}
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept="image/*,.heic,.heif,.avif"
        disabled={busy}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      {image && (
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => void remove()}>
          Quitar foto
        </button>
      )}
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
