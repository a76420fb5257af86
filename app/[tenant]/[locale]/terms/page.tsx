export { default, generateMetadata } from '../user/terms/page';
