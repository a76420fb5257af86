// react-query for these pages; the root layout has none (components/data/query-provider.tsx).
export { default } from '@/components/data/query-layout';
