import { lazy, Suspense, useRef } from 'react';

// The popup and its animation library load on first opening, not with the sign-in page that shows the globe.
const LanguageSheet = lazy(async () => ({ default: (await import('./language-sheet')).LanguageSheet }));

interface Props {
  visible: boolean;
  onClose: () => void;
}

export function LanguagePicker({ visible, onClose }: Props) {
  const opened = useRef(false);
  if (visible) opened.current = true;
  if (!opened.current) return null;
  return (
    <Suspense fallback={null}>
      <LanguageSheet visible={visible} onClose={onClose} />
    </Suspense>
  );
}
