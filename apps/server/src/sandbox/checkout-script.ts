/**
 * The sandbox's checkout.js: the same `Razorpay` constructor Standard Checkout exposes
 * (`new Razorpay(options)`, `.open()`, `.on('payment.failed', fn)`, `.close()`), opening an in-page dialog
 * with the buttons Razorpay's test mode offers, Success and Failure. Plain ES2017, no framework, and
 * nothing inline that `style-src 'self'` would block: the look is in checkout.css (served beside it), the
 * theme colour is set through the CSSOM, and every text goes in with textContent.
 *
 * Options read: key, order_id, amount, currency, name, description, prefill {name, email, contact}, notes,
 * theme {color}, handler, modal {ondismiss, escape}.
 */

/** `prefix` is where the plugin is mounted; the script prefers the address it was itself loaded from. */
export function checkoutScript(prefix: string): string {
  return `/* SSD Store: Razorpay-compatible sandbox checkout. No money moves. */
(function () {
  'use strict';
  if (window.Razorpay && window.Razorpay.ssdSandbox) return;

  var current = document.currentScript;
  var BASE = current && current.src ? current.src.replace(/\\/checkout\\.js(?:[?#].*)?$/, '') : ${JSON.stringify(prefix)};
  var STYLESHEET_ID = 'ssd-rzp-sandbox-stylesheet';
  var DEFAULT_TITLE = 'SSD Store sandbox payment';
  var counter = 0;

  function ensureStylesheet() {
    if (document.getElementById(STYLESHEET_ID)) return;
    var link = document.createElement('link');
    link.id = STYLESHEET_ID;
    link.rel = 'stylesheet';
    link.href = BASE + '/checkout.css';
    document.head.appendChild(link);
  }

  function formatAmount(paise, currency) {
    try {
      return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR' }).format(paise / 100);
    } catch (error) {
      return '\\u20B9' + (paise / 100).toFixed(2);
    }
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function button(label, className) {
    var node = element('button', className, label);
    node.type = 'button';
    return node;
  }

  function post(path, body) {
    return fetch(BASE + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().then(function (data) { return { ok: response.ok, data: data }; });
    });
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || typeof options !== 'object') throw new Error('Razorpay: options are required');
    if (typeof options.key !== 'string' || options.key === '') throw new Error('Razorpay: the key option is required');
    this.options = options;
    this.handlers = {};
    this.view = null;
  }

  Razorpay.ssdSandbox = true;

  Razorpay.prototype.on = function (event, handler) {
    if (typeof handler === 'function') (this.handlers[event] = this.handlers[event] || []).push(handler);
    return this;
  };

  Razorpay.prototype.emit = function (event, payload) {
    var list = this.handlers[event] || [];
    for (var i = 0; i < list.length; i++) {
      try { list[i](payload); } catch (error) { setTimeout(function () { throw error; }); }
    }
  };

  Razorpay.prototype.open = function () {
    if (this.view) return this;
    ensureStylesheet();
    var self = this;
    var options = this.options;
    var id = 'ssd-rzp-' + (++counter);
    var modal = options.modal || {};

    var backdrop = element('div', 'ssd-rzp-backdrop');
    var dialog = element('div', 'ssd-rzp-dialog');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', id + '-title');
    dialog.setAttribute('aria-describedby', id + '-summary');
    dialog.tabIndex = -1;
    var color = options.theme && typeof options.theme.color === 'string' ? options.theme.color : '';
    if (color && color.length <= 64) dialog.style.setProperty('--ssd-rzp-theme', color);

    var header = element('div', 'ssd-rzp-header');
    var title = element('h2', 'ssd-rzp-title', typeof options.name === 'string' && options.name ? options.name : DEFAULT_TITLE);
    title.id = id + '-title';
    var closeButton = button('\\u00D7', 'ssd-rzp-close');
    closeButton.setAttribute('aria-label', 'Close');
    header.appendChild(title);
    header.appendChild(closeButton);

    var summary = element('div', 'ssd-rzp-summary');
    summary.id = id + '-summary';
    var badge = element('p', 'ssd-rzp-badge', 'Sandbox: no money moves');
    var description = typeof options.description === 'string' && options.description ? element('p', 'ssd-rzp-description', options.description) : null;
    var facts = element('dl', 'ssd-rzp-facts');
    var amountValue = element('dd', 'ssd-rzp-amount', typeof options.amount === 'number' ? formatAmount(options.amount, options.currency) : '');
    var orderValue = element('dd', 'ssd-rzp-order', options.order_id || '');
    facts.appendChild(element('dt', null, 'Amount'));
    facts.appendChild(amountValue);
    facts.appendChild(element('dt', null, 'Order'));
    facts.appendChild(orderValue);
    var prefill = options.prefill || {};
    var payer = [prefill.name, prefill.email, prefill.contact].filter(function (v) { return typeof v === 'string' && v; }).join(' \\u00B7 ');
    summary.appendChild(badge);
    if (description) summary.appendChild(description);
    summary.appendChild(facts);
    if (payer) summary.appendChild(element('p', 'ssd-rzp-payer', payer));

    var status = element('p', 'ssd-rzp-status');
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');

    var actions = element('div', 'ssd-rzp-actions');
    var successButton = button('Success', 'ssd-rzp-success');
    var failureButton = button('Failure', 'ssd-rzp-failure');
    actions.appendChild(successButton);
    actions.appendChild(failureButton);

    dialog.appendChild(header);
    dialog.appendChild(summary);
    dialog.appendChild(status);
    dialog.appendChild(actions);
    backdrop.appendChild(dialog);

    var busy = false;
    function setBusy(value) {
      busy = value;
      dialog.setAttribute('aria-busy', value ? 'true' : 'false');
      successButton.setAttribute('aria-disabled', value ? 'true' : 'false');
      failureButton.setAttribute('aria-disabled', value ? 'true' : 'false');
    }
    function say(text, kind) {
      status.textContent = text;
      status.className = 'ssd-rzp-status' + (kind ? ' ssd-rzp-status-' + kind : '');
    }
    function unusable(text) {
      say(text, 'error');
      successButton.disabled = true;
      failureButton.disabled = true;
      closeButton.focus();
    }

    function dismiss() {
      self.close();
      if (typeof modal.ondismiss === 'function') modal.ondismiss();
    }

    function pay(outcome) {
      if (busy || successButton.disabled) return;
      setBusy(true);
      say(outcome === 'success' ? 'Processing the payment\\u2026' : 'Failing the payment\\u2026');
      post('/checkout/pay', { key: options.key, order_id: options.order_id, outcome: outcome, notes: options.notes || {} })
        .then(function (result) {
          setBusy(false);
          var data = result.data || {};
          if (result.ok && data.razorpay_payment_id) {
            self.close();
            if (typeof options.handler === 'function') {
              options.handler({
                razorpay_payment_id: data.razorpay_payment_id,
                razorpay_order_id: data.razorpay_order_id,
                razorpay_signature: data.razorpay_signature
              });
            }
            return;
          }
          var error = data.error || {};
          if (error.metadata && error.metadata.payment_id) {
            say('Payment failed. You can try again or close this window.', 'error');
            self.emit('payment.failed', data);
            return;
          }
          say(error.description || 'The payment could not be made.', 'error');
        })
        .catch(function () {
          setBusy(false);
          say('The payment sandbox could not be reached. Try again.', 'error');
        });
    }

    function onKeydown(event) {
      if (event.key === 'Escape' && modal.escape !== false) {
        event.preventDefault();
        dismiss();
        return;
      }
      if (event.key !== 'Tab') return;
      var focusable = [closeButton, successButton, failureButton].filter(function (node) { return !node.disabled; });
      if (focusable.length === 0) return;
      var first = focusable[0];
      var last = focusable[focusable.length - 1];
      var active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }

    closeButton.addEventListener('click', dismiss);
    successButton.addEventListener('click', function () { pay('success'); });
    failureButton.addEventListener('click', function () { pay('failure'); });
    dialog.addEventListener('keydown', onKeydown);

    var returnFocus = document.activeElement;
    var bodyOverflow = document.body.style.overflow;
    document.body.appendChild(backdrop);
    document.body.style.overflow = 'hidden';
    this.view = {
      remove: function () {
        dialog.removeEventListener('keydown', onKeydown);
        if (backdrop.parentNode) backdrop.parentNode.removeChild(backdrop);
        document.body.style.overflow = bodyOverflow;
        if (returnFocus && typeof returnFocus.focus === 'function' && document.contains(returnFocus)) returnFocus.focus();
      }
    };
    successButton.focus();

    if (!options.order_id) {
      unusable('This checkout has no order_id.');
      return this;
    }
    fetch(BASE + '/checkout/orders/' + encodeURIComponent(options.order_id) + '?key_id=' + encodeURIComponent(options.key), {
      headers: { accept: 'application/json' },
      credentials: 'same-origin'
    })
      .then(function (response) {
        return response.json().then(function (data) { return { ok: response.ok, data: data }; });
      })
      .then(function (result) {
        if (!self.view) return;
        if (!result.ok) {
          unusable((result.data && result.data.error && result.data.error.description) || 'This order cannot be paid.');
          return;
        }
        amountValue.textContent = formatAmount(result.data.status === 'paid' ? result.data.amount : result.data.amount_due, result.data.currency);
        if (result.data.status === 'paid') unusable('This order has already been paid.');
      })
      .catch(function () {
        if (self.view) say('The payment sandbox could not be reached.', 'error');
      });
    return this;
  };

  Razorpay.prototype.close = function () {
    if (!this.view) return;
    var view = this.view;
    this.view = null;
    view.remove();
  };

  window.Razorpay = Razorpay;
})();
`;
}

/** The dialog's look; the theme colour arrives as --ssd-rzp-theme on the dialog. */
export const CHECKOUT_CSS = `.ssd-rzp-backdrop {
  position: fixed; inset: 0; z-index: 2147483000;
  display: flex; align-items: center; justify-content: center;
  padding: 16px; background: rgba(17, 17, 17, 0.55);
}
.ssd-rzp-dialog {
  --ssd-rzp-theme: #b8860b;
  width: 100%; max-width: 380px; max-height: calc(100vh - 32px); overflow: auto;
  background: #fff; color: #1f1f1f; border-radius: 12px;
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.3);
  font: 15px/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
}
.ssd-rzp-dialog:focus { outline: none; }
.ssd-rzp-header {
  display: flex; align-items: center; justify-content: space-between; gap: 8px;
  padding: 14px 16px; border-top: 6px solid var(--ssd-rzp-theme); border-bottom: 1px solid #eee; border-radius: 12px 12px 0 0;
}
.ssd-rzp-title { margin: 0; font-size: 17px; font-weight: 600; }
.ssd-rzp-close {
  width: 36px; height: 36px; border: 0; border-radius: 50%;
  background: #f1f1f1; color: #1f1f1f; font-size: 22px; line-height: 1; cursor: pointer;
}
.ssd-rzp-summary { padding: 12px 16px 0; }
.ssd-rzp-badge {
  display: inline-block; margin: 0 0 8px; padding: 2px 8px; border-radius: 999px;
  background: #fff4d6; color: #6b4e00; font-size: 12px; font-weight: 600;
}
.ssd-rzp-description, .ssd-rzp-payer { margin: 0 0 8px; color: #444; }
.ssd-rzp-facts { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 0 0 8px; }
.ssd-rzp-facts dt { color: #555; }
.ssd-rzp-facts dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
.ssd-rzp-amount { font-size: 20px; }
.ssd-rzp-status { min-height: 1.45em; margin: 0; padding: 4px 16px; color: #333; }
.ssd-rzp-status-error { color: #b00020; }
.ssd-rzp-actions { display: flex; gap: 12px; padding: 12px 16px 16px; }
.ssd-rzp-actions button {
  flex: 1; min-height: 44px; border-radius: 8px; font: inherit; font-weight: 600; cursor: pointer;
}
.ssd-rzp-success { border: 0; background: var(--ssd-rzp-theme); color: #111; }
.ssd-rzp-failure { border: 2px solid #b00020; background: #fff; color: #b00020; }
.ssd-rzp-dialog button:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
.ssd-rzp-actions button:disabled, .ssd-rzp-actions button[aria-disabled='true'] { opacity: 0.5; cursor: not-allowed; }
`;
