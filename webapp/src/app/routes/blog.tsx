export { BlogPage as Component } from '../../features/blog/routes/blog-page';
