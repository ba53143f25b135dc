import type { DialogConfirmProps, DialogShowHandler, DialogShowProps } from 'antd-mobile/es/components/dialog';

/**
 * antd-mobile's Dialog, loaded on first use as lib/toast loads the toast: the dialog, its mask and their animation
 * library (react-spring) and antd-mobile's imperative renderer are not needed to draw a page, only once it asks.
 * A failed download is tried again on the next call.
 */
let dialog: Promise<typeof import('antd-mobile/es/components/dialog').default> | undefined;
const loadDialog = () => {
  dialog ??= Promise.all([import('antd-mobile/es/components/dialog'), import('./antd-render')]).then(
    ([module, render]) => {
      render.setupAntdRender();
      // a dialog belongs to the page that asked: leaving it (the back button, a link) closes it as cancelled,
      // instead of leaving "Log out?" or "End this session?" open over another page, still able to act
      window.addEventListener('hashchange', () => module.default.clear());
      return module.default;
    },
    (error: unknown) => {
      dialog = undefined;
      throw error;
    },
  );
  return dialog;
};

/** Dialog.confirm: resolves true once confirmed, false once cancelled (or closed); the caller waits for the answer. */
export async function confirm(props: DialogConfirmProps): Promise<boolean> {
  return (await loadDialog()).confirm(props);
}

/** Dialog.show: the dialog's actions answer through their own callbacks. */
export async function showDialog(props: DialogShowProps): Promise<DialogShowHandler> {
  return (await loadDialog()).show(props);
}
