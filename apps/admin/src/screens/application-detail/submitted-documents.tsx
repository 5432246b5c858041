import { useState } from 'react';
import type { ApplicationDetail } from '@koza/domain/api/admin';
import { documentTypeLabels } from '@koza/domain/admin/case-view';
import { formatDateTime } from '../../format.ts';
import { ImageViewer } from './image-viewer.tsx';

/** 提出書類: the documents the applicant uploaded, their images loaded only when asked for. */
export function SubmittedDocuments({ detail }: { detail: ApplicationDetail }) {
  const [shown, setShown] = useState(false);
  return (
    <section aria-labelledby="documents">
      <h2 id="documents">提出書類</h2>
      {detail.documents.length === 0 ? (
        <p>提出書類はありません。</p>
      ) : !shown ? (
        <button type="button" className="secondary" onClick={() => setShown(true)}>
          書類画像を表示（{detail.documents.length}件）
        </button>
      ) : (
        <ul className="documents">
          {detail.documents.map((d, i) => (
            <li key={d.id}>
              <ImageViewer
                src={`/api/admin/applications/${encodeURIComponent(detail.id)}/documents/${encodeURIComponent(d.id)}`}
                name={`${documentTypeLabels[d.type] ?? d.type}（${i + 1}枚目）`}
                caption={`${documentTypeLabels[d.type] ?? d.type}（${formatDateTime(d.createdAt)}、${Math.ceil(d.size / 1024)}KB）`}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
