// The report's photos: each chosen file is uploaded at once through the drop zone (the plan-image upload, as
// decision 0093 has it), then joins the list below with its preview, ready for the next one; a photo can be
// removed before the report is published. Only the uploads that finished are sent with the report.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { X } from 'lucide-react';
import { dropZoneState, useUpload } from '@cropvest/web-kit/upload';
import { FileDropZone } from '@cropvest/ui/drop-zone';
import { formatFileSize } from '@cropvest/ui/format';
import { PLAN_IMAGE_ACCEPT, PLAN_IMAGE_MAX_BYTES } from '../../shared/plans/rules.ts';
import { REPORT_PHOTOS_MAX } from './rules.ts';
import { useFieldReportsMessages } from './messages/catalogue.ts';

export interface UploadedPhoto {
  /** The upload's object path, what the report names the photo by. */
  objectPath: string;
  file: File;
}

/** The list of finished uploads and the drop zone's upload of the next one. */
export function usePhotoUploads() {
  const upload = useUpload('plan-image');
  const [photos, setPhotos] = useState<UploadedPhoto[]>([]);
  const { start, reset } = upload;

  const add = useCallback(
    async (file: File) => {
      const objectPath = await start(file);
      if (!objectPath) return;
      setPhotos((list) => [...list, { objectPath, file }]);
      reset();
    },
    [start, reset],
  );
  const remove = useCallback(
    (objectPath: string) => setPhotos((list) => list.filter((photo) => photo.objectPath !== objectPath)),
    [],
  );
  const clear = useCallback(() => {
    reset();
    setPhotos([]);
  }, [reset]);

  return { upload, photos, add, remove, clear, busy: upload.state.status === 'uploading' };
}

export function PhotoUploads({
  uploads,
  disabled,
}: {
  uploads: ReturnType<typeof usePhotoUploads>;
  disabled: boolean;
}) {
  const { text } = useFieldReportsMessages();
  const { upload, photos, add, remove } = uploads;
  const full = photos.length >= REPORT_PHOTOS_MAX;
  return (
    <div className="space-y-3">
      {full ? (
        <p className="text-sm text-ink-muted">
          {text('fieldReports.photos.full', { max: REPORT_PHOTOS_MAX })}
        </p>
      ) : (
        <FileDropZone
          label={text('fieldReports.photos.label', { count: photos.length, max: REPORT_PHOTOS_MAX })}
          hint={text('fieldReports.photos.hint')}
          accept={PLAN_IMAGE_ACCEPT}
          maxSize={PLAN_IMAGE_MAX_BYTES}
          upload={dropZoneState(upload.state)}
          onFile={(file) => void add(file)}
          onClear={upload.reset}
          disabled={disabled}
        />
      )}
      {photos.length > 0 ? (
        <ul
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
          aria-label={text('fieldReports.photos.list')}
        >
          {photos.map((photo, index) => (
            <li key={photo.objectPath}>
              <PhotoPreview
                photo={photo}
                position={index + 1}
                disabled={disabled}
                onRemove={() => remove(photo.objectPath)}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function PhotoPreview({
  photo,
  position,
  disabled,
  onRemove,
}: {
  photo: UploadedPhoto;
  position: number;
  disabled: boolean;
  onRemove: () => void;
}) {
  const { text } = useFieldReportsMessages();
  const preview = useMemo(() => URL.createObjectURL(photo.file), [photo.file]);
  useEffect(() => () => URL.revokeObjectURL(preview), [preview]);
  return (
    <figure className="relative overflow-hidden rounded-lg border border-border bg-surface">
      <img
        src={preview}
        alt={text('fieldReports.photos.previewAlt', { position, name: photo.file.name })}
        className="h-24 w-full object-cover"
      />
      <figcaption className="truncate px-2 py-1 text-xs text-ink-muted">
        {text('fieldReports.photos.caption', {
          name: photo.file.name,
          size: formatFileSize(photo.file.size),
        })}
      </figcaption>
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        className="absolute end-1 top-1 rounded-md bg-surface/90 p-1.5 text-ink shadow hover:bg-surface focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
      >
        <X aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only">{text('fieldReports.photos.remove', { position })}</span>
      </button>
    </figure>
  );
}
