import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { ReactCrop, centerCrop, convertToPixelCrop, makeAspectCrop, type PercentCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import './AvatarEditor.css';
import { USER_MSG } from '@contract/users';
import { notice } from '../../app/notify';
import { PlayerAvatar } from '../players/PlayerAvatar';
import { ModalLayer } from '../../components/ModalLayer';
import { cropToJpeg, isUsableImage } from './cropImage';
import { useUploadAvatarMutation } from './profileApi';

interface AvatarEditorProps {
  avatarUrl: string | null;
  nickName: string;
}

/** Pick an image, crop it square, save it as the 200×200 avatar (spec: Own profile, section 4 "Avatar"). */
export function AvatarEditor({ avatarUrl, nickName }: AvatarEditorProps) {
  const [source, setSource] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  // Kept in percent: it stays right whatever size the image is drawn at.
  const [crop, setCrop] = useState<PercentCrop>();
  const image = useRef<HTMLImageElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const [upload, { isLoading }] = useUploadAvatarMutation();

  const close = () => {
    setSource(null);
    setLoaded(false);
    setCrop(undefined);
    picker.current?.focus();
  };

  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);
  useEffect(() => {
    if (!source) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [source]);

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!isUsableImage(file)) return notice(USER_MSG.imageLoadFailed, 'error');
    setSource(URL.createObjectURL(file));
  };

  const onLoad = () => {
    const { naturalWidth: w, naturalHeight: h } = image.current!;
    setCrop(centerCrop(makeAspectCrop({ unit: '%', width: 90 }, 1, w, h), w, h));
    setLoaded(true);
  };

  const onError = () => {
    notice(USER_MSG.imageLoadFailed, 'error');
    close();
  };

  const save = async () => {
    const img = image.current;
    if (!img || !crop?.width || !crop.height) return;
    try {
      await upload(await cropToJpeg(img, convertToPixelCrop(crop, img.width, img.height))).unwrap();
      notice(USER_MSG.avatarSaved, 'success');
      close();
    } catch {
      notice(USER_MSG.avatarFailed, 'error');
    }
  };

  return (
    <div className="avatar-editor">
      <PlayerAvatar url={avatarUrl} nickName={nickName} size={120} decorative={false} />
      <label className="btn btn-secondary avatar-pick">
        Zmień avatar
        <input ref={picker} type="file" accept="image/*" className="visually-hidden" onChange={pick} />
      </label>
      {source && (
        <ModalLayer className="avatar-dialog-backdrop" initial={dialog}>
          <div ref={dialog} className="avatar-dialog" role="dialog" aria-modal="true" aria-labelledby="avatar-dialog-title" tabIndex={-1}>
            <h2 id="avatar-dialog-title">Przytnij avatar</h2>
            {!loaded && <p role="status">{USER_MSG.imageLoading}</p>}
            <ReactCrop crop={crop} aspect={1} circularCrop keepSelection minWidth={40} onChange={(_, percent) => setCrop(percent)}>
              <img ref={image} src={source} alt="Wybrany obraz do przycięcia" onLoad={onLoad} onError={onError} className="avatar-source" />
            </ReactCrop>
            <div className="profile-actions">
              <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={!loaded || isLoading}>
                {isLoading ? 'Zapisywanie…' : 'Zapisz avatar'}
              </button>
              <button type="button" className="btn btn-secondary" onClick={close} disabled={isLoading}>
                Anuluj
              </button>
            </div>
          </div>
        </ModalLayer>
      )}
    </div>
  );
}
