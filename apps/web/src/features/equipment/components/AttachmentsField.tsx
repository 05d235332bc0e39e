import { type Attachment, MAX_ATTACHMENTS } from '@iot/contracts/equipment';
import { AttachmentUploader } from '../../../components/AttachmentUploader';
import { equipmentApi } from '../api';

/** Manuals, drawings and photos: the shared attachment uploader over the ledger's upload route. */
export function AttachmentsField({
  projectId,
  value,
  onChange,
}: {
  projectId: number;
  value?: Attachment[];
  onChange?(next: Attachment[]): void;
}) {
  return (
    <AttachmentUploader
      value={value}
      onChange={onChange}
      max={MAX_ATTACHMENTS}
      upload={(file) => equipmentApi.upload(projectId, file)}
    />
  );
}
