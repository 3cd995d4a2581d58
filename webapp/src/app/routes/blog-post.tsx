export { BlogPostPage as Component } from '../../features/blog/routes/blog-post-page';
