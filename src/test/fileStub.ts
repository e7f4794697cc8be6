/** Jest stands this in for css, svg, png and sound imports. */
export default 'test-file-stub';
