import type { ConsentCategory } from '@contract/consent';

/** Polish names of the optional cookie categories (the popup here, the settings page later). */
export const CONSENT_LABELS: Record<ConsentCategory, { label: string; description: string }> = {
  functional: { label: 'Funkcjonalne', description: 'Zapamiętują Twoje ustawienia, np. motyw mapy.' },
  analytics: { label: 'Analityczne', description: 'Pomagają nam zrozumieć, jak korzystasz z aplikacji.' },
  marketing: { label: 'Marketingowe', description: 'Pozwalają pokazywać dopasowane oferty.' },
  social: { label: 'Społecznościowe', description: 'Umożliwiają udostępnianie treści w serwisach społecznościowych.' },
};
