import { lazy, Suspense } from 'react';
import { FileValue } from '../kit/FileFields';

// three.js is large: it loads only with a model's page (docs/architecture.md "Weight").
const ModelViewer = lazy(() => import('./ModelViewer'));

/** A model's file on its page: the 3D view, and the file itself to download. */
export function ModelPreview({ source }: { source: string }) {
  return (
    <>
      <Suspense fallback={<span>3D 미리 보기를 준비하는 중입니다…</span>}>
        <ModelViewer source={source} />
      </Suspense>
      <FileValue source={source} />
    </>
  );
}
