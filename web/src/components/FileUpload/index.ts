export { FileUpload, UPLOAD_PATH, type FileUploadProps, type UploadedFile } from './FileUpload.tsx';
