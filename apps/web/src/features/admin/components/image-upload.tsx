import { useId, useState, type ChangeEvent } from 'react';
import { ADMIN_FILE_MESSAGES as M, MAX_IMAGE_UPLOAD_BYTES, UPLOAD_ACCEPT, type UploadedImage } from '@ssd/shared/admin-files';
import { buttonClasses } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useFailureToast } from '../../../components/ui/use-failure-toast';
import { uploadImage } from '../api/files';

/**
 * "Upload image" beside an image URL field (issue 11, "Images"): the admin picks a JPEG, PNG or WebP
 * file, it is uploaded at once, and `onUploaded` gets the stored image, whose `path` the form puts in
 * its URL field. Nothing is saved to the banner, catalog or product until the form's own Save.
 * The size is checked here too, so a too-large file is not sent; the type is the server's to judge,
 * by the file's bytes.
 */
export function ImageUpload({ label, onUploaded }: { label: string; onUploaded: (image: UploadedImage) => void }) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const { showToast } = useToast();
  const toastFailure = useFailureToast();

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so that choosing the same file again uploads it again.
    input.value = '';
    if (!file) return;
    if (file.size > MAX_IMAGE_UPLOAD_BYTES) {
      showToast(M.tooLarge, 'warning');
      return;
    }
    setUploading(true);
    try {
      const { data, message } = await uploadImage(file);
      onUploaded(data);
      showToast(message || M.uploaded, 'success');
    } catch (error) {
      toastFailure(error, { fallback: M.uploadFailed });
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <label
        htmlFor={id}
        aria-busy={uploading || undefined}
        className={buttonClasses('secondary', `cursor-pointer focus-within:outline-2 focus-within:outline-maroon-600 ${uploading ? 'pointer-events-none opacity-60' : ''}`)}
      >
        {label}
        <input id={id} type="file" accept={UPLOAD_ACCEPT} className="sr-only" disabled={uploading} onChange={(event) => void onChange(event)} />
      </label>
      <span className="text-sm text-ink/70" role="status">
        {uploading ? 'Uploading…' : `JPEG, PNG or WebP, ${MAX_IMAGE_UPLOAD_BYTES / (1024 * 1024)} MB at most`}
      </span>
    </div>
  );
}
